package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compile that reports every broken pipeline at once, in file order; the read hints a source load
 * carries into plan.json and its node id; and the shipped http template compiling clean offline, as
 * the reference's DagCompilerAggregationTests, DagCompilerReadHintsTests and HttpTemplateCompileTests
 * pin them.
 */
class CompileSweepFidelityTest {
    private static final String CRM = "crm:\n  connector: localfiles\n  entities:\n"
            + "    orders:\n      read:\n        path: orders.csv\n        format: csv\n"
            + "        columns: {id: bigint, amount: double, status: varchar}\n"
            + "\nlake:\n  connector: localfiles\n";

    @TempDir
    Path temp;

    private int projects;

    private TestProject project(String connections, String... pipelines) {
        TestProject project = TestProject.in(temp.resolve("p" + projects++)).projectYml("t")
                .file("connections.yml", connections).file("orders.csv", "id,amount,status\n1,2.5,open\n");
        for (int i = 0; i < pipelines.length; i += 2) {
            project.file("pipelines/" + pipelines[i] + ".sql", pipelines[i + 1]);
        }
        return project;
    }

    /** The error entries of a compile that must fail with exit 2. */
    private static List<String> errors(TestProject project) {
        CliRun run = CliRun.pz(project.path(), "compile");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        return LoaderFidelityTest.errors(run).stream().filter(e -> e.startsWith("error ")).toList();
    }

    // DA1: every pipeline renders, so two broken templates give two errors from one compile.
    @Test
    void twoBrokenTemplatesBothReport() {
        List<String> errors = errors(project(CRM, "a", "select {{ var('missing_a') }}\n",
                "b", "select {{ var('missing_b') }}\n"));
        assertThat(errors).hasSize(2);
        assertThat(errors.get(0)).contains("missing_a", "(pipelines/a.sql:1)");
        assertThat(errors.get(1)).contains("missing_b", "(pipelines/b.sql:1)");
    }

    // DA2, DA4: two unresolved refs both report, ordered by file whatever the order they were found in.
    @Test
    void unresolvedRefsBothReportInFileOrder() {
        List<String> errors = errors(project(CRM, "z_pipeline", "select * from {{ ref('nope_z') }}\n",
                "a_pipeline", "select * from {{ ref('nope_a') }}\n"));
        assertThat(errors).hasSize(2).allSatisfy(e -> assertThat(e).startsWith("error PZ0201: "));
        assertThat(errors.get(0)).contains("nope_a", "pipelines/a_pipeline.sql");
        assertThat(errors.get(1)).contains("nope_z", "pipelines/z_pipeline.sql");
    }

    // DA3: two independent checks (ref resolution, checks on an ephemeral) report from one compile.
    @Test
    void unresolvedRefAndChecksOnEphemeralBothReport() {
        TestProject project = project(CRM, "bad_ref", "select * from {{ ref('nope') }}\n", "eph", "select 1 as id\n")
                .file("pipelines/configs/eph.yml", "pipeline: eph\nmaterialization: ephemeral\nchecks:\n"
                        + "  - not_null: [id]\n");
        assertThat(errors(project)).anySatisfy(e -> assertThat(e).startsWith("error PZ0201: ").contains("nope"))
                .anySatisfy(e -> assertThat(e).startsWith("error PZ0205: ").contains("eph"));
    }

    // DA5: an incremental read appended without duplicates: 'accept' and a cdc read replaced both report.
    @Test
    void incrementalAndCdcPairingViolationsBothReport() {
        String connections = CRM.replace("        columns: {id: bigint, amount: double, status: varchar}\n",
                "        columns: {id: bigint, amount: double, status: varchar}\n"
                        + "        sync: {mode: incremental, cursor: id}\n")
                + "erp:\n  connector: postgres\n  host: h\n  database: d\n  entities:\n    invoices:\n      read:\n"
                + "        sync: {mode: cdc}\n";
        List<String> errors = errors(project(connections,
                "stg1", "INSERT INTO {{ sink('lake', 'out1', strategy: 'append', format: 'parquet') }}\n"
                        + "select * from {{ source('crm', 'orders') }}\n",
                "stg2", "INSERT INTO {{ sink('lake', 'out2', strategy: 'replace', format: 'parquet') }}\n"
                        + "select * from {{ source('erp', 'invoices') }}\n"));
        assertThat(errors).anySatisfy(e -> assertThat(e).startsWith("error PZ0214: ").contains("lake.out1"))
                .anySatisfy(e -> assertThat(e).startsWith("error PZ0335: ").contains("lake.out2"));
    }

    /** An SQLite orders table (SQLite prunes columns and pushes predicates) read by one pipeline. */
    private TestProject sqliteProject(String pipelineSql) throws SQLException {
        TestProject project = TestProject.in(temp.resolve("s" + projects++)).projectYml("hints")
                .file("connections.yml", "app:\n  connector: sqlite\n  path: app.db\n  entities:\n    orders:\n"
                        + "      read:\n        columns: {id: bigint, amount: double, status: varchar, note: varchar}\n"
                        + "lake:\n  connector: localfiles\n")
                .file("pipelines/stg.sql", "INSERT INTO {{ sink('lake', 'open_orders', format: 'parquet') }}\n"
                        + pipelineSql);
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + project.resolve("app.db"));
                Statement statement = db.createStatement()) {
            statement.execute("create table orders (id integer, amount real, status text, note text)");
        }
        return project;
    }

    private static JsonNode sourceLoad(TestProject project, String name) {
        Reference.ok(project.path(), "plan");
        for (JsonNode node : Reference.json(project.resolve(".pz/target/plan.json")).get("nodes")) {
            if (node.get("name").asText().equals(name)) {
                return node;
            }
        }
        throw new AssertionError("no node " + name + " in plan.json");
    }

    // RH1: the source load carries the columns of its single reader, the WHERE's included (SQLite prunes
    // columns but filters nothing; dev.pz.cli.PostgresEndToEndTest restates the pushed predicate).
    @Test
    void theSourceLoadCarriesItsReadersColumns() throws SQLException {
        JsonNode node = sourceLoad(sqliteProject(
                "select id, amount from {{ source('app', 'orders') }} where status = 'open'\n"), "src_app__orders");
        assertThat(node.get("columns_pushed").asInt()).isEqualTo(3);
        assertThat(node.get("predicate_pushed").asBoolean()).isFalse();
    }

    // RH2: other hints, another node id (a retry never reuses a staged table of another shape).
    @Test
    void differentHintsGiveADifferentSourceLoadId() throws SQLException {
        String twoColumns = sourceLoad(sqliteProject("select id, amount from {{ source('app', 'orders') }}\n"),
                "src_app__orders").get("id").asText();
        String oneColumn = sourceLoad(sqliteProject("select id from {{ source('app', 'orders') }}\n"),
                "src_app__orders").get("id").asText();
        String filtered = sourceLoad(sqliteProject("select id from {{ source('app', 'orders') }} where status = 'open'\n"),
                "src_app__orders").get("id").asText();
        String again = sourceLoad(sqliteProject("select id from {{ source('app', 'orders') }}\n"),
                "src_app__orders").get("id").asText();
        assertThat(List.of(twoColumns, oneColumn, filtered)).doesNotHaveDuplicates();
        assertThat(again).isEqualTo(oneColumn);
    }

    // RH3: a source nothing is pushed to has no pushdown in plan.json and hashes as if pushdown did not exist.
    @Test
    void noPushdownMeansNoHintsAndTheSameId() {
        JsonNode narrow = sourceLoad(project(CRM, "stg", "INSERT INTO {{ sink('lake', 'o', format: 'parquet') }}\n"
                + "select id from {{ source('crm', 'orders') }} where status = 'open'\n"), "src_crm__orders");
        JsonNode wide = sourceLoad(project(CRM, "stg", "INSERT INTO {{ sink('lake', 'o', format: 'parquet') }}\n"
                + "select * from {{ source('crm', 'orders') }}\n"), "src_crm__orders");
        assertThat(narrow.has("columns_pushed")).isFalse();
        assertThat(narrow.has("predicate_pushed")).isFalse();
        assertThat(narrow.get("id").asText()).isEqualTo(wide.get("id").asText());
    }

    // HT1: the http template compiles with no environment, no warning, and writes a sink.
    @Test
    void theHttpTemplateCompilesCleanOffline() {
        Path target = temp.resolve("gh");
        CliRun init = CliRun.pz("init", target.toString(), "--template", "http");
        assertThat(init.exitCode()).as(init.toString()).isZero();
        CliRun compile = CliRun.pzWithEnv(java.util.Map.of("PATH", System.getenv("PATH")), target, "compile");
        assertThat(compile.exitCode()).as(compile.toString()).isZero();
        assertThat(compile.err()).doesNotContain("warning");
        assertThat(compile.out()).doesNotContain("warning");
        JsonNode nodes = Reference.json(target.resolve(".pz/target/manifest.json")).get("nodes");
        assertThat(nodes.findValuesAsText("kind")).contains("sink_write");
    }
}
