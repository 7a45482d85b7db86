package dev.pz.connectors.ducklake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ducklake connector against the test kit with stand-in extension files (no real DuckLake
 * extension can be had offline), its catalog rules, time travel, and its refusals.
 */
class DuckLakeContractTest extends ConnectorContractTest {

    private static final String PASSWORD = "pg-Secret-3";

    @TempDir
    Path project;

    @BeforeEach
    void files() throws IOException {
        Files.createDirectories(project.resolve("ext"));
        for (String extension : List.of("ducklake", "sqlite_scanner", "postgres_scanner")) {
            Files.writeString(project.resolve("ext/" + extension + ".duckdb_extension"), "stand-in");
        }
        Files.writeString(project.resolve("lake.ducklake"), "stand-in metadata");
    }

    @Override
    protected Connector connector() {
        return new DuckLakeConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return config(Map.of("path", "lake.ducklake", "data_path", "lake_data"));
    }

    private ConnectorConfig config(Map<String, Object> keys) {
        Map<String, Object> values = new HashMap<>(keys);
        values.put(ConnectorConfig.BASE_DIR, project.toString());
        values.putIfAbsent("extension_directory", "ext");
        return new ConnectorConfig("lake", values);
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return List.of(DatasetSpec.of("lake", "orders", Map.of(), null),
                DatasetSpec.of("lake", "sales.orders", Map.of("version", 3L), Map.of("id", "bigint")));
    }

    @Override
    protected List<OutputSpec> nativeOutputs() {
        return List.of(output(WriteStrategy.APPEND, List.of()), output(WriteStrategy.REPLACE, List.of()),
                output(WriteStrategy.MERGE, List.of("id")));
    }

    @Override
    protected Set<String> secretValues() {
        return Set.of(PASSWORD);
    }

    @Override
    protected List<FailingCall> failingCalls() {
        return List.of((source, sink) -> source.planRead(nativeDatasets().get(0), ReadHints.none()),
                (source, sink) -> source.nativeScan(DatasetSpec.of("lake", "orders", Map.of("version", 1L,
                        "timestamp", "2026-01-01 00:00:00"), null)));
    }

    private static OutputSpec output(WriteStrategy strategy, List<String> keys) {
        return new OutputSpec("lake", "orders", strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of(), keys, null);
    }

    @Test
    void attachesEachCatalogAfterLoadingItsExtensions() {
        try (Source source = connector().openSource(config()).orElseThrow()) {
            NativeScan scan = source.nativeScan(nativeDatasets().get(1)).orElseThrow();
            assertThat(scan.setupStatements()).hasSize(2);
            assertThat(scan.setupStatements().get(0)).isEqualTo("load '" + project.resolve("ext/ducklake.duckdb_extension")
                    + "'");
            assertThat(scan.setupStatements().get(1)).matches("attach if not exists 'ducklake:" + project.resolve(
                    "lake.ducklake") + "' as pz_ducklake_lake_[0-9a-f]{8} \\(data_path '" + project.resolve("lake_data")
                    + "'\\)");
            assertThat(scan.sqlFragment()).matches("\\(select \"id\" from pz_ducklake_lake_[0-9a-f]{8}\\.\"sales\"\\."
                    + "\"orders\" at \\(version => 3\\)\\)");
        }
        ConnectorConfig postgres = config(Map.of("catalog", "postgres", "host", "db", "database", "meta", "user", "u",
                "password", PASSWORD, "data_path", "lake_data"));
        assertThat(connector().validate(postgres)).isEmpty();
        try (Source source = connector().openSource(postgres).orElseThrow()) {
            List<String> setup = source.nativeScan(nativeDatasets().get(0)).orElseThrow().setupStatements();
            assertThat(setup).hasSize(5);
            assertThat(setup.get(2)).matches("create or replace secret pz_ducklake_lake_[0-9a-f]{8}_pg \\(type postgres,"
                    + " host 'db', port 5432, database 'meta', user 'u', password '" + PASSWORD + "'\\)");
            assertThat(setup.get(4)).matches("attach if not exists 'ducklake:pz_ducklake_lake_[0-9a-f]{8}_secret' as"
                    + " pz_ducklake_lake_[0-9a-f]{8}");
        }
    }

    @Test
    void catalogRulesNameTheOwningCatalog() {
        assertThat(connector().validate(config(Map.of("catalog", "sqlite", "path", "m.db", "host", "h"))))
                .containsExactly("catalog 'sqlite' requires 'data_path'", "catalog 'sqlite' does not take 'host'");
        assertThat(connector().validate(config(Map.of("catalog", "motherduck", "database", "d", "token", "t",
                "data_path", "s3://b/x")))).anySatisfy(problem -> assertThat(problem).contains("not supported by this build"))
                .anySatisfy(problem -> assertThat(problem).contains("object-store data_path"));
        assertThat(connector().validate(config(Map.of("path", ".pz/lake.ducklake")))).singleElement().asString()
                .contains("inside the project's .pz/ directory");
    }

    @Test
    void refusesWithoutTheExtensionFilesOrTheMetadataFile() {
        ConnectorConfig bare = config(Map.of("catalog", "sqlite", "path", "lake.ducklake", "data_path", "d",
                "extension_directory", "nowhere"));
        try (Source source = connector().openSource(bare).orElseThrow()) {
            assertThatThrownBy(() -> source.nativeScan(nativeDatasets().get(0)))
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code())
                            .contains(PzCode.NATIVE_PATH_CONTRACT_MISMATCH))
                    .hasMessageContaining("needs DuckDB's 'ducklake', 'sqlite_scanner' extensions")
                    .hasMessageContaining("holds no ducklake.duckdb_extension, sqlite_scanner.duckdb_extension");
        }
        try (Source source = connector().openSource(config(Map.of("path", "missing.ducklake"))).orElseThrow()) {
            assertThatThrownBy(() -> source.nativeScan(nativeDatasets().get(0)))
                    .hasMessageContaining("missing.ducklake' does not exist");
        }
    }
}
