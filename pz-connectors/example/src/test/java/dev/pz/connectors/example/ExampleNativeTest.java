package dev.pz.connectors.example;

import static dev.pz.connectors.example.ExampleContractTest.dataset;
import static dev.pz.connectors.example.ExampleContractTest.output;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQL the example connector hands to DuckDB, run on a real DuckDB the way pz runs it. */
class ExampleNativeTest {

    @TempDir
    Path project;

    private final ExampleConnector connector = new ExampleConnector();

    @Test
    void theNativeScanLandsTheSequence() throws Exception {
        NativeScan scan = connector.openSource(config()).orElseThrow()
                .nativeScan(dataset("odd", Map.of("start", 1L, "stop", 10L, "step", 2L))).orElseThrow();
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement statement = duck.createStatement()) {
            statement.execute("create table staged as select * from " + scan.sqlFragment());
            try (ResultSet rows = statement.executeQuery("select string_agg(n || ':' || square, ' ' order by n) from staged")) {
                rows.next();
                assertThat(rows.getString(1)).isEqualTo("1:1 3:9 5:25 7:49 9:81");
            }
        }
    }

    @Test
    void theNativeCopyIsPublishedByARename() throws Exception {
        NativeCopy copy = connector.openSink(config()).orElseThrow()
                .nativeCopy(output("pairs", WriteStrategy.REPLACE)).orElseThrow();
        assertThat(copy.temporaryDirectory()).isEqualTo(project.resolve("out/.pz-tmp"));
        Path temporary = TemporaryFiles.create(copy.temporaryDirectory());
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement statement = duck.createStatement()) {
            statement.execute(copy.copyStatement("(select 1 as a, 'x,y' as b)", temporary));
        }
        assertThat(project.resolve("out/pairs.csv")).doesNotExist();
        copy.publisher().publish(temporary);
        assertThat(project.resolve("out/pairs.csv")).hasContent("a,b\n1,\"x,y\"");
        assertThat(temporary).doesNotExist();
    }

    @Test
    void optionsAreReadThroughTheirDeclarations() {
        assertThatThrownBy(() -> connector.openSource(config()).orElseThrow()
                .nativeScan(dataset("s", Map.of("stop", "ten"))))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                    assertThat(e.code()).contains(PzCode.CONNECTOR_CONFIG_INVALID);
                    assertThat(e.hint()).contains("write a whole number without quotes");
                })
                .hasMessage("dataset 's': 'stop' must be an integer (got 'ten')");
        assertThat(connector.readOptions().check(Map.of("stop", 3L, "partitons", 2L), java.util.Set.of()))
                .singleElement().satisfies(problem -> assertThat(problem.message()).isEqualTo("unknown option 'partitons'"));
        assertThat(Files.exists(project.resolve("out"))).as("planning creates nothing").isFalse();
    }

    private ConnectorConfig config() {
        return new ConnectorConfig("numbers", Map.of(ConnectorConfig.BASE_DIR, project.toString(), "root", "out"));
    }
}
