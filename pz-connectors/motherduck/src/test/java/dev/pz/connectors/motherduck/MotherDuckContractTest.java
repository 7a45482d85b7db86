package dev.pz.connectors.motherduck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The motherduck connector against the test kit, with a stand-in extension file (the kit never runs
 * SQL; no real MotherDuck extension can be had offline), and its refusal when the file is missing.
 */
class MotherDuckContractTest extends ConnectorContractTest {

    private static final String TOKEN = "md-Secret-Token-7";

    @TempDir
    Path project;

    @BeforeEach
    void extensionFile() throws IOException {
        Files.createDirectories(project.resolve("ext"));
        Files.writeString(project.resolve("ext/motherduck.duckdb_extension"), "stand-in");
    }

    @Override
    protected Connector connector() {
        return new MotherDuckConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("md", Map.of(ConnectorConfig.BASE_DIR, project.toString(), "database", "analytics",
                "token", TOKEN, "extension_directory", "ext"));
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return List.of(DatasetSpec.of("md", "main.orders", Map.of(), null));
    }

    @Override
    protected List<OutputSpec> nativeOutputs() {
        return List.of(output(WriteStrategy.APPEND, List.of()), output(WriteStrategy.REPLACE, List.of()),
                output(WriteStrategy.MERGE, List.of("id")));
    }

    @Override
    protected Set<String> secretValues() {
        return Set.of(TOKEN);
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.planRead(nativeDatasets().get(0), ReadHints.none()),
                (source, sink) -> new MotherDuckConnector().openSource(new ConnectorConfig("md", Map.of("database", "a",
                        "token", TOKEN))).orElseThrow().nativeScan(nativeDatasets().get(0)));
    }

    private static OutputSpec output(WriteStrategy strategy, List<String> keys) {
        return new OutputSpec("md", "totals", strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of(), keys, null);
    }

    @Test
    void loadsTheProvidedFileSetsTheTokenAndAttachesTheDatabase() {
        try (Source source = connector().openSource(config()).orElseThrow()) {
            NativeScan scan = source.nativeScan(nativeDatasets().get(0)).orElseThrow();
            assertThat(scan.setupStatements()).containsExactly("load '" + project.resolve("ext/motherduck.duckdb_extension")
                    + "'", "set motherduck_token = '" + TOKEN + "'", "attach if not exists 'md:analytics'");
            assertThat(scan.sqlFragment()).isEqualTo("\"analytics\".\"main\".\"orders\"");
            assertThat(scan.location()).doesNotContain(TOKEN);
        }
        NativeSqlWrite merge = connector().openSink(config()).orElseThrow().nativeSqlWrite(nativeOutputs().get(2))
                .orElseThrow();
        assertThat(merge.mechanism()).isEqualTo("motherduck merge");
        assertThat(String.join(";", merge.statements())).doesNotContain(TOKEN).contains("qualify row_number()");
    }

    @Test
    void withoutTheExtensionFileEveryNativePathIsRefusedNamingIt() {
        ConnectorConfig bare = new ConnectorConfig("md", Map.of("database", "a", "token", TOKEN));
        try (Source source = connector().openSource(bare).orElseThrow()) {
            assertThatThrownBy(() -> source.nativeScan(nativeDatasets().get(0)))
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                        assertThat(e.code()).contains(PzCode.NATIVE_PATH_CONTRACT_MISMATCH);
                        assertThat(e.getMessage()).contains("needs DuckDB's 'motherduck' extension",
                                "sets no extension_directory").doesNotContain(TOKEN);
                        assertThat(e.hint()).hasValueSatisfying(hint -> assertThat(hint).contains("extension_directory"));
                    });
        }
        assertThatThrownBy(() -> connector().openSink(bare).orElseThrow().nativeSqlWrite(nativeOutputs().get(0)))
                .hasMessageContaining("'motherduck' extension");
    }
}
