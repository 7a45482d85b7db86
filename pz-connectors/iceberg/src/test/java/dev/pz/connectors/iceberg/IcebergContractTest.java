package dev.pz.connectors.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The iceberg connector (files catalog) against the test kit with a stand-in extension file, and its refusals. */
class IcebergContractTest extends ConnectorContractTest {

    @TempDir
    Path project;

    @BeforeEach
    void files() throws IOException {
        Files.createDirectories(project.resolve("ext"));
        Files.writeString(project.resolve("ext/iceberg.duckdb_extension"), "stand-in");
        Files.createDirectories(project.resolve("warehouse/sales/orders/metadata"));
    }

    @Override
    protected Connector connector() {
        return new IcebergConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("ice", Map.of(ConnectorConfig.BASE_DIR, project.toString(), "catalog", "files",
                "root", "warehouse", "extension_directory", "ext"));
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return List.of(DatasetSpec.of("ice", "sales.orders", Map.of(), null));
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.planRead(nativeDatasets().get(0), ReadHints.none()),
                (source, sink) -> source.nativeScan(DatasetSpec.of("ice", "orders", Map.of(), null)),
                (source, sink) -> source.nativeScan(DatasetSpec.of("ice", "sales.missing", Map.of(), null)));
    }

    @Test
    void scansAFilesCatalogTableWithTimeTravel() {
        try (Source source = connector().openSource(config()).orElseThrow()) {
            NativeScan scan = source.nativeScan(DatasetSpec.of("ice", "sales.orders", Map.of("version", "42",
                    "metadata_version", "2"), Map.of("id", "bigint"))).orElseThrow();
            assertThat(scan.sqlFragment()).isEqualTo("(select \"id\" from iceberg_scan('" + project.resolve(
                    "warehouse/sales/orders") + "', allow_moved_paths = true, version => '2', snapshot_from_id => 42))");
            assertThat(scan.setupStatements()).containsExactly("load '" + project.resolve("ext/iceberg.duckdb_extension")
                    + "'");
        }
    }

    @Test
    void refusesOtherCatalogsAndAMissingExtension() {
        assertThat(connector().validate(new ConnectorConfig("ice", Map.of("catalog", "rest", "endpoint", "https://x"))))
                .singleElement().asString().contains("catalog 'rest' is not supported by this build");
        try (Source source = connector().openSource(new ConnectorConfig("ice", Map.of(ConnectorConfig.BASE_DIR,
                project.toString(), "catalog", "files", "root", "warehouse"))).orElseThrow()) {
            assertThatThrownBy(() -> source.nativeScan(nativeDatasets().get(0)))
                    .hasMessageContaining("needs DuckDB's 'iceberg' extension");
        }
    }
}
