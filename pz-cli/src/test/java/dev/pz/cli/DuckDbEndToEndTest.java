package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DuckDB database file through {@code pz}: one run reads a table of the file natively into CSV and
 * merges CSV rows back into another table of the same file (one attach serves both); bad inputs are
 * refused before anything runs, or fail the node and leave the file as it was.
 */
class DuckDbEndToEndTest {

    private static final String CONNECTIONS = """
            wh:
              connector: duckdb
              path: warehouse.duckdb
              entities:
                orders:
                  read:
                    columns: {id: bigint, customer: varchar, amount: double}
            files:
              connector: localfiles
              entities:
                payments:
                  read: {path: data/payments.csv, format: csv, columns: {id: bigint, amount: double}}
            lake:
              connector: localfiles
            """;
    private static final String EXPORT = """
            INSERT INTO {{ sink('lake', 'orders_csv', strategy: 'replace', format: 'csv', path: 'out/') }}
            select * from {{ source('wh', 'orders') }} order by id
            """;
    private static final String IMPORT = """
            INSERT INTO {{ sink('wh', 'payments', strategy: 'merge', keys: ['id']) }}
            select * from {{ source('files', 'payments') }}
            """;

    @TempDir
    Path temp;

    private TestProject project(String dir, String connections, String engine) throws SQLException {
        TestProject project = TestProject.in(temp.resolve(dir)).projectYml("duck_" + dir, engine)
                .file("connections.yml", connections).file("pipelines/export_orders.sql", EXPORT)
                .file("pipelines/import_payments.sql", IMPORT)
                .file("data/payments.csv", "id,amount\n1,9.5\n2,3.25\n2,3.5\n");
        execute(project.resolve("warehouse.duckdb"), "create table orders (id bigint, customer varchar, amount double)",
                "insert into orders values (2, 'bob', 20.5), (1, 'alice', 10.25), (3, 'carol', 5.0)",
                "create table payments as select 1::bigint as id, 1.0::double as amount");
        return project;
    }

    @Test
    void readsAndMergesBackIntoTheSameFileNatively() throws Exception {
        TestProject project = project("native", CONNECTIONS, "");
        CliRun plan = CliRun.pz(project.path(), "plan", "--all");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("native_scan", "native scan: connector 'duckdb' provides attach over"
                + " warehouse.duckdb table orders", "native copy: connector 'duckdb' provides duckdb merge");

        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(project.read("out/orders_csv.csv")).isEqualTo("id,customer,amount\n1,alice,10.25\n2,bob,20.5\n"
                + "3,carol,5.0\n");
        List<String> payments = rows(project.resolve("warehouse.duckdb"), "select id, amount from payments order by id");
        assertThat(payments).hasSize(2);
        assertThat(payments.get(0)).isEqualTo("1|9.5");
        assertThat(payments.get(1)).isIn("2|3.25", "2|3.5");

        CliRun again = CliRun.pz(project.path(), "run", "--all");
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(rows(project.resolve("warehouse.duckdb"), "select count(*) from payments")).containsExactly("2");
    }

    @Test
    void validateConnectChecksTheFileAndTheContractsColumns() throws Exception {
        TestProject project = project("connect", CONNECTIONS, "");
        CliRun checked = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(checked.exitCode()).as(checked.toString()).isZero();
        project.file("connections.yml", CONNECTIONS.replace("    orders:\n      read:\n"
                + "        columns: {id: bigint, customer: varchar, amount: double}\n", "    orders:\n      read: {}\n"));
        CliRun contractless = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(contractless.exitCode()).as(contractless.toString()).isEqualTo(2);
        assertThat(contractless.err()).contains("error PZ0330: ", "can describe a table only through its columns:"
                + " contract");
    }

    @Test
    void forceUniversalRefusesTheNativeOnlyReadAndWritesThroughBatches() throws Exception {
        TestProject project = project("universal", CONNECTIONS, "engine:\n  force_universal: true");
        CliRun refused = CliRun.pz(project.path(), "plan", "--all");
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
        assertThat(refused.err()).contains("error PZ0312: source 'wh.orders': connector 'duckdb' reads natively only");

        Files.delete(project.resolve("pipelines/export_orders.sql"));
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(rows(project.resolve("warehouse.duckdb"), "select id from payments order by id"))
                .containsExactly("1", "2");
    }

    @Test
    void aMissingFileIsRefusedBeforeAnythingRuns() throws Exception {
        TestProject project = project("missing", CONNECTIONS.replace("path: warehouse.duckdb", "path: nope.duckdb"), "");
        for (String verb : new String[] {"plan", "run"}) {
            CliRun refused = CliRun.pz(project.path(), verb, "--all");
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
            assertThat(refused.err()).contains("error PZ0353: dataset 'orders': duckdb database '",
                    "nope.duckdb' does not exist");
        }
        assertThat(project.resolve(".pz/runs")).doesNotExist();
        assertThat(project.resolve("nope.duckdb")).doesNotExist();
    }

    @Test
    void anUnknownTableFailsItsNodeAndTheFileKeepsItsTables() throws Exception {
        TestProject project = project("unknown", CONNECTIONS.replace("    orders:\n", "    orderz:\n"), "")
                .file("pipelines/export_orders.sql", EXPORT.replace("'orders')", "'orderz')"));
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out() + run.err()).contains("PZ0501").contains("orderz");
        assertThat(project.resolve("out/orders_csv.csv")).doesNotExist();
    }

    @Test
    void aPathInsidePzIsRefusedByValidate() throws Exception {
        TestProject project = project("dotpz", CONNECTIONS.replace("path: warehouse.duckdb", "path: .pz/w.duckdb"), "");
        CliRun validate = CliRun.pz(project.path(), "validate");
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.err()).contains("error PZ0301: connection 'wh': duckdb connection 'path' resolves inside"
                + " the project's .pz/ directory");
    }

    static void execute(Path file, String... statements) throws SQLException {
        JdbcRows.execute("jdbc:duckdb:" + file, statements);
    }

    static List<String> rows(Path file, String sql) throws SQLException {
        return JdbcRows.rows("jdbc:duckdb:" + file, sql);
    }
}
