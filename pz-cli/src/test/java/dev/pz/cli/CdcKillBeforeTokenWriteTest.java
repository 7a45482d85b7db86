package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code kill -9} of a {@code pz run} process at the moment crash safety is about: its merge
 * sink has committed a PostgreSQL table's changes, and the change-capture token is not written yet.
 * pz is stopped there by its test-only pause ({@code PZ_TEST_PAUSE_BEFORE_STATE_WRITE} naming a FIFO,
 * see docs/cdc.md), so the test knows the moment without polling, sees the committed rows, and kills
 * the process. The next run reads the same changes again plus the new ones: nothing is lost, the
 * merge doubles nothing, and the token advances once, to that run's position. Once with the local
 * state files, once with the postgres state backend (whose run lock the server frees on the kill).
 */
class CdcKillBeforeTokenWriteTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private PostgresTestServer.Endpoint server;
    private String source;
    private String target;
    private String publication;

    @BeforeEach
    void setUp() throws SQLException {
        server = PostgresTestServer.logicalEndpoint();
        String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        source = "cdck_src_" + suffix;
        target = "cdck_dst_" + suffix;
        publication = "pubk_" + suffix;
        PostgresProjects.execute("create table " + source + " (id integer primary key, name text, amount numeric(12,2))",
                "insert into " + source + " values (1, 'one', 1.50), (2, 'two', 2.50)",
                "create publication " + publication + " for table " + source);
    }

    @AfterEach
    void tearDown() throws SQLException {
        PostgresProjects.execute("select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name"
                + " = 'pz_pg_" + source + "' and not active", "drop publication if exists " + publication);
    }

    @Test
    void withLocalStateTheReplayAfterTheKillLosesNothingAndDoublesNothing() throws Exception {
        TestProject project = project("");
        killBetweenSinkCommitAndTokenWriteThenRunAgain(project, () -> {
            JsonNode entry = JSON.readTree(project.resolve(".pz/state/sync-state.json").toFile()).path("syncState")
                    .path("pg." + source);
            return entry.isMissingNode() ? null : entry;
        });
    }

    @Test
    void withThePostgresStateBackendTheReplayAfterTheKillLosesNothingAndDoublesNothing() throws Exception {
        String schema = "pz_state_k" + Long.toHexString(System.nanoTime());
        TestProject project = project("state:\n  backend: postgres\n  connection: pg\n  schema: " + schema + "\n");
        killBetweenSinkCommitAndTokenWriteThenRunAgain(project, () -> {
            List<String> payloads = PostgresProjects.rows("select payload from " + schema + ".state_entries where scope"
                    + " = 'sync-state' and state_key = 'pg." + source + "'");
            return payloads.isEmpty() ? null : JSON.readTree(payloads.get(0));
        });
        assertThat(project.resolve(".pz/state/sync-state.json")).doesNotExist();
    }

    private void killBetweenSinkCommitAndTokenWriteThenRunAgain(TestProject project, Callable<JsonNode> storedEntry)
            throws Exception {
        run(project);
        JsonNode before = storedEntry.call();
        assertThat(before).as("the snapshot run stored a token").isNotNull();
        PostgresProjects.execute("insert into " + source + " values (3, 'three', 3.25)",
                "update " + source + " set name = 'uno' where id = 1", "delete from " + source + " where id = 2");

        Path fifo = PzProcess.fifo(temp.resolve("pause.fifo"));
        Map<String, String> env = new HashMap<>(PostgresProjects.environment(server));
        env.put("PZ_TEST_PAUSE_BEFORE_STATE_WRITE", fifo.toString());
        PzProcess pz = PzProcess.start(env, temp.resolve("killed.log"), "run", "--project", project.path().toString());
        boolean paused = pz.awaitStateWritePause(fifo);
        assertThat(paused).as("pz reached the pause; log:\n" + pz.log()).isTrue();
        // Paused: the merge sink has committed the changes, the token is still the snapshot's.
        assertThat(targetRows()).isEqualTo(sourceRows()).extracting(row -> row.split("\\|")[0])
                .containsExactly("1", "3");
        assertThat(storedEntry.call()).isEqualTo(before);
        pz.kill();

        assertThat(pz.log()).as("killed before its summary line").doesNotContain("succeeded,");
        assertThat(RunArtifacts.results(RunArtifacts.latestRun(project.path())).path("status").asText())
                .isEqualTo("running");
        assertThat(storedEntry.call()).as("no token written by the killed run").isEqualTo(before);

        PostgresProjects.execute("insert into " + source + " values (4, 'four', 4.00)",
                "update " + source + " set amount = 3.75 where id = 3");
        CliRun again = run(project);

        // The killed run's three changes come again with the two new ones: none lost.
        JsonNode counts = PostgresCdcEndToEndTest.cdcCounts(again);
        assertThat(List.of(counts.path("inserts").asLong(), counts.path("updates").asLong(),
                counts.path("deletes").asLong())).containsExactly(2L, 2L, 1L);
        // The merge absorbed the replay: one row per key, the source's values.
        assertThat(targetRows()).isEqualTo(sourceRows()).extracting(row -> row.split("\\|")[0])
                .containsExactly("1", "3", "4");
        JsonNode after = storedEntry.call();
        assertThat(after.path("token").asText()).isEqualTo(counts.path("position").asText())
                .isGreaterThan(before.path("token").asText());
        assertThat(after.path("runId").asText()).as("the token was advanced by the run after the kill")
                .isEqualTo(RunArtifacts.latestRun(project.path()).getFileName().toString());
    }

    private TestProject project(String state) {
        return TestProject.in(temp.resolve("p")).projectYml("cdc_kill", "engine:\n  threads: 2\n" + state)
                .file("connections.yml", PostgresProjects.connection("pg", "", "    " + source + ":\n      read:\n"
                        + "        sync:\n          mode: cdc\n        publication: " + publication + "\n"
                        + "        poll_idle_timeout: 2s\n"))
                .file("pipelines/copy.sql", "INSERT INTO {{ sink('pg', '" + target + "', strategy: 'merge', keys: ['id'],"
                        + " on_delete: 'delete') }}\nselect id, name, amount from {{ source('pg', '" + source + "') }}\n");
    }

    private CliRun run(TestProject project) {
        CliRun run = CliRun.pzWithEnv(PostgresProjects.environment(server), project.path(), "run", "--log-format",
                "json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }

    private List<String> targetRows() throws SQLException {
        return PostgresProjects.rows("select id, name, amount from " + target + " order by id");
    }

    private List<String> sourceRows() throws SQLException {
        return PostgresProjects.rows("select id, name, amount::numeric(38,9) from " + source + " order by id");
    }
}
