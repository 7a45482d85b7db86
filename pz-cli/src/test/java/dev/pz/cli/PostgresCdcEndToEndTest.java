package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.testing.TestProject;
import dev.pz.testing.state.HttpStateServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Change capture end to end (docs/cdc.md): a PostgreSQL table read with {@code sync: {mode: cdc}}
 * into a merge output on the same server with {@code wal_level = logical}, run after run, with
 * nothing lost or doubled across a transaction open during a run, a failed sink, a crash between
 * the sink's commit and the token's write, and a slot dropped behind pz's back.
 */
class PostgresCdcEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private PostgresCdcTables tables;
    private PostgresTestServer.Endpoint server;
    private String source;
    private String target;

    @BeforeEach
    void setUp() throws SQLException {
        tables = PostgresCdcTables.create("cdc");
        server = tables.server();
        source = tables.source();
        target = tables.target();
    }

    @AfterEach
    void tearDown() throws SQLException {
        tables.drop();
    }

    private TestProject project(String onDelete) {
        return tables.project(temp.resolve("p_" + onDelete), "cdc_" + onDelete, onDelete, "");
    }

    private CliRun pz(TestProject project, String... args) {
        return CliRun.pzWithEnv(PostgresProjects.environment(server), project.path(), args);
    }

    private CliRun run(TestProject project, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--log-format", "json"));
        args.addAll(List.of(extra));
        CliRun run = pz(project, args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }

    private static void sql(String... statements) throws SQLException {
        PostgresProjects.execute(statements);
    }

    private List<String> targetRows() throws SQLException {
        return tables.targetRows();
    }

    private List<String> sourceRows() throws SQLException {
        return tables.sourceRows();
    }

    /** The {@code cdc} object of the source load's {@code node_completed} event. */
    static JsonNode cdcCounts(CliRun run) throws Exception {
        for (String line : run.outLines()) {
            JsonNode event = JSON.readTree(line);
            if ("node_completed".equals(event.path("event").asText()) && event.has("cdc")) {
                return event.get("cdc");
            }
        }
        throw new AssertionError("no node_completed event with cdc counts in\n" + run);
    }

    private String token(TestProject project) throws Exception {
        return JSON.readTree(project.read(".pz/state/sync-state.json")).path("syncState").path("pg." + source)
                .path("token").asText(null);
    }

    @Test
    void insertsUpdatesAndDeletesReachTheMergeOutputRunAfterRun() throws Exception {
        TestProject project = project("delete");

        JsonNode first = cdcCounts(run(project));
        assertThat(first.path("inserts").asLong()).isEqualTo(2);
        assertThat(targetRows()).isEqualTo(sourceRows());
        String snapshotToken = token(project);
        assertThat(snapshotToken).matches("[0-9A-F]{16}").isEqualTo(first.path("position").asText());

        sql("insert into " + source + " values (3, 'three', 3.25)", "update " + source + " set name = 'uno' where id = 1",
                "delete from " + source + " where id = 2");
        JsonNode second = cdcCounts(run(project));

        assertThat(List.of(second.path("inserts").asLong(), second.path("updates").asLong(),
                second.path("deletes").asLong())).containsExactly(1L, 1L, 1L);
        assertThat(targetRows()).isEqualTo(sourceRows()).hasSize(2);
        assertThat(token(project)).isGreaterThan(snapshotToken);

        run(project);
        assertThat(targetRows()).isEqualTo(sourceRows());

        // CDE3: a target dropped behind pz's back is rebuilt whole by --full-refresh's snapshot.
        sql("drop table " + target);
        run(project, "--full-refresh");
        assertThat(targetRows()).isEqualTo(sourceRows()).hasSize(2);
    }

    @Test
    void aTransactionOpenDuringARunArrivesWithTheNextRun() throws Exception {
        TestProject project = project("delete");
        run(project);
        try (Connection open = PostgresTestServer.jdbc(); Statement statement = open.createStatement()) {
            open.setAutoCommit(false);
            statement.execute("insert into " + source + " values (4, 'four', 4.00)");
            statement.execute("delete from " + source + " where id = 1");

            run(project);
            assertThat(targetRows()).extracting(row -> row.split("\\|")[0]).containsExactly("1", "2");

            open.commit();
        }
        run(project);
        assertThat(targetRows()).isEqualTo(sourceRows()).extracting(row -> row.split("\\|")[0]).containsExactly("2", "4");
    }

    @Test
    void aFailedSinkLeavesTheTokenAndTheNextRunDeliversTheChanges() throws Exception {
        TestProject project = project("delete");
        run(project);
        String before = token(project);
        byte[] stateBefore = java.nio.file.Files.readAllBytes(project.resolve(".pz/state/sync-state.json"));
        sql("insert into " + source + " values (5, 'five', 5.00)", "delete from " + source + " where id = 1",
                "alter table " + target + " add column required text not null default 'x'",
                "alter table " + target + " alter column required drop default");

        CliRun failed = pz(project, "run");
        assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
        assertThat(token(project)).isEqualTo(before);
        // CDE4: the read succeeded, the sink failed, and the state file is byte for byte as it was.
        JsonNode results = RunArtifacts.results(RunArtifacts.latestRun(project.path()));
        assertThat(RunArtifacts.node(results, "src_pg__" + source).get("status").asText()).isEqualTo("success");
        assertThat(RunArtifacts.node(results, "pg." + target).get("status").asText()).isEqualTo("failed");
        assertThat(java.nio.file.Files.readAllBytes(project.resolve(".pz/state/sync-state.json"))).isEqualTo(stateBefore);

        sql("alter table " + target + " drop column required");
        run(project);
        assertThat(targetRows()).isEqualTo(sourceRows());
    }

    @Test
    void aCrashBetweenTheSinkCommitAndTheTokenWriteLosesNothingAndDoublesNothing() throws Exception {
        TestProject project = project("delete");
        run(project);
        String stateBefore = project.read(".pz/state/sync-state.json");
        sql("insert into " + source + " values (6, 'six', 6.00)", "update " + source + " set amount = 9.99 where id = 2",
                "delete from " + source + " where id = 1");
        run(project);
        assertThat(targetRows()).isEqualTo(sourceRows());
        // The sink committed, then the process died before the token reached the state file.
        project.file(".pz/state/sync-state.json", stateBefore);
        sql("insert into " + source + " values (7, 'seven', 7.00)", "update " + source + " set name = 'six!' where id = 6");

        JsonNode replay = cdcCounts(run(project));

        assertThat(replay.path("inserts").asLong()).isEqualTo(2);
        assertThat(targetRows()).isEqualTo(sourceRows()).hasSize(3);
    }

    @Test
    void aSlotDroppedBehindPzsBackFailsTheRunUntilAFullRefresh() throws Exception {
        TestProject project = project("delete");
        run(project);
        sql("select pg_drop_replication_slot('pz_pg_" + source + "')", "delete from " + source + " where id = 1");

        CliRun failed = pz(project, "run");
        assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
        assertThat(failed.out() + failed.err()).contains("is gone", "--full-refresh");

        run(project, "--full-refresh");
        // A snapshot upserts what exists; a row deleted while no slot held the log stays in a merge output.
        assertThat(targetRows()).extracting(row -> row.split("\\|")[0]).containsExactly("1", "2");
        sql("delete from " + source + " where id = 2");
        run(project);
        assertThat(targetRows()).extracting(row -> row.split("\\|")[0]).containsExactly("1");
    }

    @Test
    void softDeletesStampTheOutputRows() throws Exception {
        TestProject project = project("soft");
        sql("create table " + target + " (id integer unique, name text, amount numeric(38,9), _pz_deleted_at timestamptz)");
        run(project);
        sql("delete from " + source + " where id = 2");
        run(project);

        assertThat(PostgresProjects.rows("select id, _pz_deleted_at is not null from " + target + " order by id"))
                .containsExactly("1|f", "2|t");
    }

    @Test
    void ignoredDeletesStayInTheOutput() throws Exception {
        TestProject project = project("ignore");
        run(project);
        sql("delete from " + source + " where id = 2", "update " + source + " set name = 'uno' where id = 1");
        run(project);

        assertThat(targetRows()).extracting(row -> row.split("\\|")[0] + row.split("\\|")[1])
                .containsExactly("1uno", "2two");
    }

    @Test
    void renamedMergeKeysCannotRouteDeletesAndTheOutputStaysUntouched() throws Exception {
        TestProject project = project("delete").file("pipelines/copy.sql", "INSERT INTO {{ sink('pg', '" + target
                + "', strategy: 'merge', keys: ['order_id'], on_delete: 'delete') }}\nselect id as order_id, name from"
                + " {{ source('pg', '" + source + "') }}\n");

        CliRun failed = pz(project, "run");

        assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
        assertThat(failed.out() + failed.err()).contains("PZ0340", "merge key column(s) [order_id] are not columns of"
                + " the cdc dataset's deleted rows", "rename them in the pipeline's upsert view only");
        assertThat(PostgresProjects.rows("select count(*) from pg_tables where tablename = '" + target + "'"))
                .containsExactly("0");
        assertThat(project.resolve(".pz/state/sync-state.json")).doesNotExist();
    }

    @Test
    void cdcStatusAndDropManageTheSlotAndTheToken() throws Exception {
        TestProject project = project("delete");
        CliRun before = pz(project, "cdc", "status");
        assertThat(before.exitCode()).as(before.toString()).isEqualTo(1);
        assertThat(before.outLines().get(0)).isEqualTo(String.format("%-28s %-20s %-20s %-12s %s", "dataset",
                "position", "stored token", "retained", "health"));
        assertThat(before.out()).contains("pg." + source, "unhealthy", "    slot not created yet");

        run(project);
        CliRun healthy = pz(project, "cdc", "status");
        assertThat(healthy.exitCode()).as(healthy.toString()).isZero();
        assertThat(healthy.outLines().get(1)).startsWith(String.format("%-28s %-20s %-20s ", "pg." + source,
                "pz_pg_" + source, token(project))).endsWith(" healthy");

        CliRun drop = pz(project, "cdc", "drop", "pg." + source);
        assertThat(drop.exitCode()).as(drop.toString()).isZero();
        assertThat(drop.out()).contains("dropped pz_pg_" + source, "removed the stored token");
        assertThat(token(project)).isNull();
        assertThat(PostgresProjects.rows("select 1 from pg_replication_slots where slot_name = 'pz_pg_" + source + "'"))
                .isEmpty();

        sql("delete from " + source + " where id = 1", "insert into " + source + " values (8, 'eight', 8.00)");
        run(project);
        assertThat(targetRows()).extracting(row -> row.split("\\|")[0]).containsExactly("1", "2", "8");
    }

    @Test
    void aSharedStateBackendCarriesTheTokenForRunsAndForCdcStatusAndDrop() throws Exception {
        try (HttpStateServer state = HttpStateServer.start("cdc-tok")) {
            TestProject project = project("delete");
            project.file("project.yml", project.read("project.yml") + "state:\n  backend: http\n  url: " + state.url()
                    + "\n");
            Map<String, String> env = PostgresProjects.environment(server);
            env.put("PZ_STATE_TOKEN", "cdc-tok");
            CliRun first = CliRun.pzWithEnv(env, project.path(), "run", "--log-format", "json");
            assertThat(first.exitCode()).as(first.toString()).isZero();
            String stored = state.payload("sync-state", "pg." + source);
            assertThat(stored).contains("\"token\":\"" + cdcCounts(first).path("position").asText() + "\"");
            assertThat(project.path().resolve(".pz/state/sync-state.json")).doesNotExist();
            JsonNode recorded = JSON.readTree(java.nio.file.Files.readString(RunArtifacts.latestRun(project.path())
                    .resolve("run_results.json"))).path("nodes");
            JsonNode load = java.util.stream.StreamSupport.stream(recorded.spliterator(), false)
                    .filter(node -> node.has("cdc")).findFirst().orElseThrow();
            assertThat(load.path("cdc")).isEqualTo(cdcCounts(first));
            assertThat(load.get("cdc").fieldNames()).toIterable().containsExactly("inserts", "updates", "deletes",
                    "position");

            // The second run resumes from the server's token: it reads the one new change, not the table again.
            sql("insert into " + source + " values (5, 'five', 5.00)");
            CliRun second = CliRun.pzWithEnv(env, project.path(), "run", "--log-format", "json");
            assertThat(second.exitCode()).as(second.toString()).isZero();
            assertThat(cdcCounts(second).path("inserts").asLong()).isEqualTo(1);
            assertThat(targetRows()).isEqualTo(sourceRows());
            String advanced = JSON.readTree(state.payload("sync-state", "pg." + source)).path("token").asText();

            CliRun status = CliRun.pzWithEnv(env, project.path(), "cdc", "status");
            assertThat(status.exitCode()).as(status.toString()).isZero();
            assertThat(status.out()).contains(advanced);
            CliRun drop = CliRun.pzWithEnv(env, project.path(), "cdc", "drop", "pg." + source);
            assertThat(drop.exitCode()).as(drop.toString()).isZero();
            assertThat(drop.out()).contains("removed the stored token");
            assertThat(state.payload("sync-state", "pg." + source)).isNull();
        }
    }

    @Test
    void cdcDropRefusesTargetsThatAreNotCdcDatasets() {
        TestProject project = project("delete");
        assertThat(pz(project, "cdc", "drop").err()).contains("PZ0507", "pz cdc drop <source>.<dataset>");
        assertThat(pz(project, "cdc", "drop", "a.b", "c.d").exitCode()).isEqualTo(2);
        CliRun malformed = pz(project, "cdc", "drop", "no-dot-here");
        assertThat(malformed.exitCode()).isEqualTo(2);
        assertThat(malformed.err()).contains("PZ0507", "no-dot-here");
        CliRun unknown = pz(project, "cdc", "drop", "pg.nosuch");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("PZ0508", "not a cdc dataset");
    }
}
