package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
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

    private PostgresCdcTables tables;

    @BeforeEach
    void setUp() throws SQLException {
        tables = PostgresCdcTables.create("cdck");
    }

    @AfterEach
    void tearDown() throws SQLException {
        tables.drop();
    }

    @Test
    void withLocalStateTheReplayAfterTheKillLosesNothingAndDoublesNothing() throws Exception {
        TestProject project = project("");
        killBetweenSinkCommitAndTokenWriteThenRunAgain(project, () -> {
            JsonNode entry = JSON.readTree(project.resolve(".pz/state/sync-state.json").toFile()).path("syncState")
                    .path("pg." + tables.source());
            return entry.isMissingNode() ? null : entry;
        });
    }

    @Test
    void withThePostgresStateBackendTheReplayAfterTheKillLosesNothingAndDoublesNothing() throws Exception {
        String schema = "pz_state_k" + Long.toHexString(System.nanoTime());
        TestProject project = project("state:\n  backend: postgres\n  connection: pg\n  schema: " + schema + "\n");
        killBetweenSinkCommitAndTokenWriteThenRunAgain(project, () -> {
            List<String> payloads = PostgresProjects.rows("select payload from " + schema + ".state_entries where scope"
                    + " = 'sync-state' and state_key = 'pg." + tables.source() + "'");
            return payloads.isEmpty() ? null : JSON.readTree(payloads.get(0));
        });
        assertThat(project.resolve(".pz/state/sync-state.json")).doesNotExist();
    }

    private void killBetweenSinkCommitAndTokenWriteThenRunAgain(TestProject project, Callable<JsonNode> storedEntry)
            throws Exception {
        run(project);
        JsonNode before = storedEntry.call();
        assertThat(before).as("the snapshot run stored a token").isNotNull();
        PostgresProjects.execute("insert into " + tables.source() + " values (3, 'three', 3.25)",
                "update " + tables.source() + " set name = 'uno' where id = 1", "delete from " + tables.source() + " where id = 2");

        Path fifo = PzProcess.fifo(temp.resolve("pause.fifo"));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(PostgresProjects.environment(tables.server()));
        env.put("PZ_TEST_PAUSE_BEFORE_STATE_WRITE", fifo.toString());
        PzProcess pz = PzProcess.start(temp.resolve("killed.log"), env, "run", "--project", project.path().toString());
        boolean paused = pz.awaitStateWritePause(fifo);
        assertThat(paused).as("pz reached the pause; log:\n" + pz.log()).isTrue();
        // Paused: the merge sink has committed the changes, the token is still the snapshot's.
        assertThat(tables.targetRows()).isEqualTo(tables.sourceRows()).extracting(row -> row.split("\\|")[0])
                .containsExactly("1", "3");
        assertThat(storedEntry.call()).isEqualTo(before);
        pz.kill();

        assertThat(pz.log()).as("killed before its summary line").doesNotContain("succeeded,");
        assertThat(RunArtifacts.results(RunArtifacts.latestRun(project.path())).path("status").asText())
                .isEqualTo("running");
        assertThat(storedEntry.call()).as("no token written by the killed run").isEqualTo(before);

        PostgresProjects.execute("insert into " + tables.source() + " values (4, 'four', 4.00)",
                "update " + tables.source() + " set amount = 3.75 where id = 3");
        CliRun again = run(project);

        // The killed run's three changes come again with the two new ones: none lost.
        JsonNode counts = PostgresCdcEndToEndTest.cdcCounts(again);
        assertThat(List.of(counts.path("inserts").asLong(), counts.path("updates").asLong(),
                counts.path("deletes").asLong())).containsExactly(2L, 2L, 1L);
        // The merge absorbed the replay: one row per key, the source's values.
        assertThat(tables.targetRows()).isEqualTo(tables.sourceRows()).extracting(row -> row.split("\\|")[0])
                .containsExactly("1", "3", "4");
        JsonNode after = storedEntry.call();
        assertThat(after.path("token").asText()).isEqualTo(counts.path("position").asText())
                .isGreaterThan(before.path("token").asText());
        assertThat(after.path("runId").asText()).as("the token was advanced by the run after the kill")
                .isEqualTo(RunArtifacts.latestRun(project.path()).getFileName().toString());
    }

    private TestProject project(String state) {
        return tables.project(temp.resolve("p"), "cdc_kill", "delete", state);
    }

    private CliRun run(TestProject project) {
        CliRun run = CliRun.pzWithEnv(PostgresProjects.environment(tables.server()), project.path(), "run",
                "--log-format", "json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run;
    }
}
