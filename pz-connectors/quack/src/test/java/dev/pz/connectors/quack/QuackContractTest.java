package dev.pz.connectors.quack;

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
import dev.pz.connectors.sql.AttachedTable;
import dev.pz.connectors.testkit.ConnectorContractTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quack connector against the test kit with a stand-in extension file, its URI forms, its
 * refusal without the file, and its merge-by-replace statements run by a real DuckDB on a local
 * table (no Quack server can be had offline; the statements are the same SQL either way).
 */
class QuackContractTest extends ConnectorContractTest {

    private static final String TOKEN = "quack-Secret-9";

    @TempDir
    Path project;

    @BeforeEach
    void extensionFile() throws IOException {
        Files.createDirectories(project.resolve("ext"));
        Files.writeString(project.resolve("ext/quack.duckdb_extension"), "stand-in");
    }

    @Override
    protected Connector connector() {
        return new QuackConnector();
    }

    @Override
    protected ConnectorConfig config() {
        return new ConnectorConfig("remote", Map.of(ConnectorConfig.BASE_DIR, project.toString(), "uri",
                "quack://db.example:9000", "token", TOKEN, "extension_directory", "ext"));
    }

    @Override
    protected List<DatasetSpec> nativeDatasets() {
        return List.of(DatasetSpec.of("remote", "orders", Map.of(), null));
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
        return List.of((source, sink) -> source.planRead(nativeDatasets().get(0), ReadHints.none()));
    }

    @Override
    protected List<ConnectorConfig> failingConfigs() {
        return List.of(new ConnectorConfig("remote", Map.of("uri", "quack:127.0.0.1:1", "token", TOKEN)));
    }

    private static OutputSpec output(WriteStrategy strategy, List<String> keys) {
        return new OutputSpec("remote", "orders", strategy, SchemaPolicy.FAIL_ON_CHANGE, Map.of(), keys, null);
    }

    @Test
    void acceptsTheThreeUriFormsWithTheDefaultPort() {
        assertThat(QuackUri.parse("quack:h").orElseThrow().canonical()).isEqualTo("quack:h:9494");
        assertThat(QuackUri.parse("quack:h:1234").orElseThrow().canonical()).isEqualTo("quack:h:1234");
        assertThat(QuackUri.parse("quack://h.example").orElseThrow().canonical()).isEqualTo("quack:h.example:9494");
        assertThat(QuackUri.parse("http://h")).isEmpty();
        assertThat(connector().connectionOptions().check(Map.of("uri", "quack:h", "token", "abc"), Set.of()))
                .singleElement().satisfies(problem -> assertThat(problem.message()).contains("at least 4 characters"));
    }

    @Test
    void storesTheTokenInAScopedSecretAndAttachesTheServer() {
        try (Source source = connector().openSource(config()).orElseThrow()) {
            NativeScan scan = source.nativeScan(nativeDatasets().get(0)).orElseThrow();
            assertThat(scan.setupStatements().get(1)).matches("create or replace secret pz_quack_remote_[0-9a-f]{8}_secret"
                    + " \\(type quack, token '" + TOKEN + "', scope 'quack:db.example:9000'\\)");
            assertThat(scan.setupStatements().get(2)).matches("attach if not exists 'quack:db.example:9000' as"
                    + " pz_quack_remote_[0-9a-f]{8}");
        }
        assertThatThrownBy(() -> new QuackConnector().openSource(new ConnectorConfig("remote", Map.of("uri", "quack:h",
                "token", TOKEN))).orElseThrow().nativeScan(nativeDatasets().get(0)))
                .hasMessageContaining("needs DuckDB's 'quack' extension");
    }

    @Test
    void mergeByReplaceKeepsUnstagedRowsAndOneStagedRowPerKey() throws Exception {
        NativeSqlWrite merge = connector().openSink(config()).orElseThrow().nativeSqlWrite(nativeOutputs().get(2))
                .orElseThrow();
        assertThat(merge.mechanism()).isEqualTo("quack merge");
        List<String> statements = QuackConnector.mergeByReplace(AttachedTable.parse("lake", "orders"), List.of("id"));
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
            run(connection, "attach '" + project.resolve("lake.duckdb") + "' as lake",
                    "create table lake.orders as select * from (values (1, 'old'), (2, 'kept')) v(id, status)",
                    "create table staged as select * from (values (1, 'new'), (3, 'added'), (3, 'added-again'))"
                            + " v(id, status)");
            for (String statement : statements) {
                run(connection, statement.replace(NativeSqlWrite.SOURCE, "staged"));
            }
            List<String> rows = new ArrayList<>();
            try (Statement statement = connection.createStatement();
                    ResultSet result = statement.executeQuery("select id, status from lake.orders order by id")) {
                while (result.next()) {
                    rows.add(result.getInt(1) + "|" + result.getString(2));
                }
            }
            assertThat(rows).hasSize(3);
            assertThat(rows.subList(0, 2)).containsExactly("1|new", "2|kept");
            assertThat(rows.get(2)).isIn("3|added", "3|added-again");
        }
    }

    private static void run(Connection connection, String... statements) throws Exception {
        for (String sql : statements) {
            try (Statement statement = connection.createStatement()) {
                statement.execute(sql);
            }
        }
    }
}
