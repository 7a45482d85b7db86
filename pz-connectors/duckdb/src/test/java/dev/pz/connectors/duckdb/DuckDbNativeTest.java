package dev.pz.connectors.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scans and writes the duckdb connector hands to DuckDB, run in a real session the way pz runs them. */
class DuckDbNativeTest {

    @TempDir
    Path project;

    private final DuckDbConnector connector = new DuckDbConnector();
    private DuckSession session;
    private DuckConnection connection;

    @BeforeEach
    void open() {
        session = DuckSession.openInMemory(DuckSettings.defaults());
        connection = session.connect();
        connection.execute("create table staged as select * from (values (1, 'new-a'), (3, 'c'), (3, 'c-again'))"
                + " v(id, status)");
    }

    @AfterEach
    void close() {
        connection.close();
        session.close();
    }

    private ConnectorConfig config(String path) {
        return new ConnectorConfig("prod-db", Map.of(ConnectorConfig.BASE_DIR, project.toString(), "path", path));
    }

    private Path file() {
        return project.resolve("w.duckdb");
    }

    @Test
    void scansATableWithTheContractsColumnsWithinTheWatermark() {
        DuckDbFiles.execute(file(), "create schema sales", "create table sales.orders as select range as id,"
                + " timestamp '2026-01-01 00:00:00' + to_days(range::int) as at, 'x' as note from range(10)");
        DatasetSpec spec = new DatasetSpec("prod-db", "sales.orders", Map.of(), columns("id", "bigint", "at", "timestamp"),
                new DatasetSpec.Watermark("at", "2026-01-03T00:00:00.000000", false, "2026-01-06T00:00:00.000000"));
        NativeScan scan;
        try (Source source = connector.openSource(config("w.duckdb")).orElseThrow()) {
            scan = source.nativeScan(spec).orElseThrow();
        }
        assertThat(scan.sqlFragment()).isEqualTo("(select \"id\", \"at\" from pz_duckdb_prod_db_"
                + scan.setupStatements().get(0).substring(scan.setupStatements().get(0).length() - 8)
                + ".\"sales\".\"orders\" where \"at\" > '2026-01-03 00:00:00.000000' and \"at\" <= '2026-01-06 00:00:00.000000')");
        scan.setupStatements().forEach(connection::execute);
        scan.setupStatements().forEach(connection::execute);
        assertThat(connection.query("select id from " + scan.sqlFragment() + " order by id", row -> row.getLong(1)))
                .containsExactly(3L, 4L, 5L);
    }

    @Test
    void aReadOfAMissingFileIsRefusedAtPlanTime() {
        try (Source source = connector.openSource(config("missing.duckdb")).orElseThrow()) {
            assertThatThrownBy(() -> source.nativeScan(DatasetSpec.of("prod-db", "t", Map.of(), null)))
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code())
                            .contains(PzCode.NATIVE_PATH_CONTRACT_MISMATCH))
                    .hasMessageContaining("missing.duckdb");
        }
        assertThat(Files.exists(project.resolve("missing.duckdb"))).isFalse();
    }

    @Test
    void appendCreatesTheTableThenInserts() {
        write("orders", WriteStrategy.APPEND, List.of());
        write("orders", WriteStrategy.APPEND, List.of());
        assertThat(DuckDbFiles.rows(file(), "select count(*) from orders")).containsExactly("6");
    }

    @Test
    void replaceSwapsTheTable() {
        DuckDbFiles.execute(file(), "create table orders as select 'old' as other");
        write("orders", WriteStrategy.REPLACE, List.of());
        assertThat(DuckDbFiles.rows(file(), "select id, status from orders order by all"))
                .containsExactly("1|new-a", "3|c", "3|c-again");
    }

    @Test
    void mergeUpdatesMatchesInsertsTheRestAndKeepsOneStagedRowPerKey() {
        DuckDbFiles.execute(file(), "create table orders as select * from (values (1, 'old-a'), (2, 'b')) v(id, status)");
        write("orders", WriteStrategy.MERGE, List.of("id"));
        List<String> rows = DuckDbFiles.rows(file(), "select id, status from orders order by id");
        assertThat(rows).hasSize(3);
        assertThat(rows.subList(0, 2)).containsExactly("1|new-a", "2|b");
        assertThat(rows.get(2)).isIn("3|c", "3|c-again");
    }

    @Test
    void aFailingWriteLeavesTheTableAsItWas() {
        DuckDbFiles.execute(file(), "create table orders as select 'x' as a, 'y' as b, 'z' as c");
        assertThatThrownBy(() -> write("orders", WriteStrategy.APPEND, List.of())).isInstanceOf(RuntimeException.class);
        connection.execute("rollback");
        connection.execute("detach " + new DuckDbDatabase(dev.pz.connectors.sql.DatabaseFile.resolve(config("w.duckdb"),
                "w.duckdb")).alias());
        assertThat(DuckDbFiles.rows(file(), "select * from orders")).containsExactly("x|y|z");
    }

    @Test
    void aPathInsideDotPzIsRefused() {
        assertThat(connector.validate(config(".pz/state.duckdb"))).singleElement().asString()
                .contains("inside the project's .pz/ directory");
        assertThat(connector.validate(config("w.duckdb"))).isEmpty();
    }

    @Test
    void theConnectionCheckReadsTheFilesMagic() throws Exception {
        assertThat(connector.checkConnection(config("w.duckdb")).ok()).isTrue();
        assertThat(connector.checkConnection(config("nodir/w.duckdb")).ok()).isFalse();
        DuckDbFiles.execute(file(), "create table t as select 1");
        assertThat(connector.checkConnection(config("w.duckdb"))).isEqualTo(dev.pz.connectors.api.ConnectionCheck.passed());
        Files.writeString(project.resolve("text.duckdb"), "hello, this is not a database");
        assertThat(connector.checkConnection(config("text.duckdb")).message()).contains("is not a duckdb database");
    }

    private static Map<String, String> columns(String... pairs) {
        Map<String, String> columns = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            columns.put(pairs[i], pairs[i + 1]);
        }
        return columns;
    }

    /** As the engine runs a native SQL write: setup once, then the statements in one transaction. */
    private void write(String entity, WriteStrategy strategy, List<String> keys) {
        NativeSqlWrite write;
        try (Sink sink = connector.openSink(config("w.duckdb")).orElseThrow()) {
            write = sink.nativeSqlWrite(DuckDbContractTest.output(entity, strategy, keys)).orElseThrow();
        }
        write.setupStatements().forEach(connection::execute);
        connection.execute("begin transaction");
        write.statementsFor("staged").forEach(connection::execute);
        connection.execute("commit");
        connection.execute("detach " + write.setupStatements().get(0).replaceAll(".* as ", ""));
    }
}
