package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.connectors.postgres.PostgresProjects;
import dev.pz.connectors.postgres.PostgresTestServer;
import dev.pz.engine.model.StateConfig;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateBackends;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import dev.pz.testing.state.HttpStateServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs whose keyed state lives in a shared backend: the http protocol served in this JVM (chosen by
 * {@code --state-url} or project.yml) and a real PostgreSQL. Watermarks advance there and nowhere
 * else, {@code pz state} reads and edits them there, and a backend pz cannot use stops the run before
 * it makes a run directory.
 */
class SharedStateRunTest {

    @TempDir
    Path temp;

    private static Map<String, String> env(String... pairs) {
        Map<String, String> env = new HashMap<>(System.getenv());
        for (int i = 0; i < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        return env;
    }

    @Test
    void stateUrlKeepsWatermarksAtTheServerWithTheBearerToken() throws Exception {
        try (HttpStateServer server = HttpStateServer.start("tok-123")) {
            TestProject project = Catalogue.f06(temp);
            CliRun run = CliRun.pzWithEnv(env("PZ_STATE_TOKEN", "tok-123"), project.path(), "run", "--state-url",
                    server.url());
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.out()).contains("note: state backend: http (from --state-url)");
            assertThat(run.out() + run.err()).doesNotContain("tok-123");
            assertThat(server.payload("watermarks", "files.orders")).contains("\"value\":\"4\"");
            assertThat(project.path().resolve(".pz/state/watermarks.json")).doesNotExist();
            CliRun retry = CliRun.pzWithEnv(env("PZ_STATE_TOKEN", "tok-123"), project.path(), "retry", "--state-url",
                    server.url());
            assertThat(retry.exitCode()).as(retry.toString()).isZero();
            assertThat(retry.out()).contains("nothing to retry (run ");

            // pz state reads and edits the server's state once project.yml names it.
            project.file("project.yml", project.read("project.yml") + "state:\n  backend: http\n  url: " + server.url()
                    + "\n");
            CliRun show = CliRun.pzWithEnv(env("PZ_STATE_TOKEN", "tok-123"), project.path(), "state", "show");
            assertThat(show.exitCode()).as(show.toString()).isZero();
            assertThat(show.out()).contains("state backend: http (from project.yml)").contains("files.orders")
                    .containsPattern("files\\.orders +id +bigint +4 ");
            CliRun set = CliRun.pzWithEnv(env("PZ_STATE_TOKEN", "tok-123"), project.path(), "state", "set",
                    "files.orders", "--value", "2", "--yes");
            assertThat(set.exitCode()).as(set.toString()).isZero();
            assertThat(server.payload("watermarks", "files.orders")).contains("\"value\":\"2\"")
                    .contains("\"runId\":\"manual\"");

            // The next run (state from project.yml now) advances the server's 2 to 4 again, stamped with its run id.
            CliRun again = CliRun.pzWithEnv(env("PZ_STATE_TOKEN", "tok-123"), project.path(), "run");
            assertThat(again.exitCode()).as(again.toString()).isZero();
            String latest = RunArtifacts.latestRun(project.path()).getFileName().toString();
            assertThat(server.payload("watermarks", "files.orders")).contains("\"value\":\"4\"")
                    .contains("\"runId\":\"" + latest + "\"");
        }
    }

    @Test
    void aStateServiceThatRefusesTheTokenStopsTheRunBeforeAnyRunDirectory() {
        try (HttpStateServer server = HttpStateServer.start("right")) {
            TestProject project = Catalogue.f06(temp);
            CliRun run = CliRun.pzWithEnv(env("PZ_STATE_TOKEN", "wrong-one"), project.path(), "run", "--state-url",
                    server.url());
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).contains("PZ0529").contains("401").doesNotContain("wrong-one");
            assertThat(project.path().resolve(".pz/runs")).satisfiesAnyOf(path -> assertThat(path).doesNotExist(),
                    path -> assertThat(RunArtifacts.runDirectories(project.path())).isEmpty());
        }
    }

    @Test
    void aStateUrlThatIsNoHttpUrlIsPz0125() {
        TestProject project = Catalogue.f06(temp);
        for (String url : List.of("not-a-url", "ftp://host/state", "/relative")) {
            CliRun run = CliRun.pz(project.path(), "run", "--state-url", url);
            assertThat(run.exitCode()).as(url).isEqualTo(2);
            assertThat(run.err()).as(url).contains("PZ0125").contains("--state-url");
        }
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void thePostgresBackendKeepsWatermarksAndSchemaBaselinesInTheDatabase() throws Exception {
        PostgresTestServer.Endpoint pg = PostgresTestServer.endpoint();
        String schema = "pz_state_" + Long.toHexString(System.nanoTime());
        TestProject project = Catalogue.f06(temp);
        project.file("project.yml", project.read("project.yml") + "state:\n  backend: postgres\n  connection: statedb\n"
                + "  schema: " + schema + "\n");
        project.file("connections.yml", project.read("connections.yml") + "\n"
                + PostgresProjects.connection("statedb", "", ""));
        Map<String, String> env = PostgresProjects.environment(pg);
        CliRun run = CliRun.pzWithEnv(env, project.path(), "run");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("note: state backend: postgres (from project.yml)");
        assertThat(run.out() + run.err()).doesNotContain(pg.password().isEmpty() ? "\u0000" : "password=" + pg.password());
        assertThat(project.path().resolve(".pz/state/watermarks.json")).doesNotExist();
        try (Connection connection = PostgresTestServer.jdbc(); Statement statement = connection.createStatement()) {
            List<String> rows = PostgresProjects.rows(statement, "select scope || '|' || state_key || '|' || payload from "
                    + schema + ".state_entries order by 1");
            assertThat(rows).hasSize(1);
            assertThat(rows.get(0)).startsWith("watermarks|files.orders|{\"cursor\":\"id\",\"type\":\"bigint\",\"value\":\"4\"");
        }
        CliRun show = CliRun.pzWithEnv(env, project.path(), "state", "show");
        assertThat(show.exitCode()).as(show.toString()).isZero();
        assertThat(show.out()).containsPattern("files\\.orders +id +bigint +4 ");
        CliRun runs = CliRun.pzWithEnv(env, project.path(), "runs");
        assertThat(runs.exitCode()).as(runs.toString()).isZero();
        assertThat(runs.out()).contains("success");
    }

    @Test
    void theSqlServerBackendIsNeverSilentlyReplacedByLocalState() throws Exception {
        TestProject project = Catalogue.f06(temp);
        project.file("project.yml", project.read("project.yml") + "state:\n  backend: sqlserver\n");
        Map<String, String> env = env("PZ_STATE_CONNECTION_STRING", "jdbc:sqlserver://127.0.0.1:1;databaseName=x");
        CliRun run = CliRun.pzWithEnv(env, project.path(), "run");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0518").contains("artifacts");

        project.file("project.yml", project.read("project.yml") + "  artifacts: false\n");
        CliRun keyedOnly = CliRun.pzWithEnv(env, project.path(), "run");
        assertThat(keyedOnly.exitCode()).as(keyedOnly.toString()).isEqualTo(2);
        assertThat(keyedOnly.err()).contains("PZ0518").contains("cannot reach the state store");
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();
        assertThat(project.path().resolve(".pz/state")).doesNotExist();
        assertThat(Files.exists(project.path().resolve(".pz/target/plan.json"))).isTrue();
    }

    @Test
    void aPostgresBackendMisconfiguredIsPz0125ForEveryVerb() {
        TestProject project = Catalogue.f06(temp);
        String base = project.read("project.yml");
        Map<String, String> noConnectionString = env();
        noConnectionString.remove("PZ_STATE_CONNECTION_STRING");
        for (String state : List.of("state:\n  backend: postgres\n", "state:\n  backend: postgres\n  connection: lake\n",
                "state:\n  backend: postgres\n  connection: nope\n")) {
            project.file("project.yml", base + state);
            for (String verb : List.of("validate", "plan", "run")) {
                CliRun run = CliRun.pzWithEnv(noConnectionString, project.path(), verb);
                assertThat(run.exitCode()).as(verb + " " + state + run).isEqualTo(2);
                assertThat(run.err()).as(verb + " " + state).contains("error PZ0125");
            }
        }
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void aPostgresServerThatCannotBeReachedStopsTheRunBeforeAnyRunDirectory() {
        TestProject project = Catalogue.f06(temp);
        project.file("project.yml", project.read("project.yml") + "state:\n  backend: postgres\n");
        CliRun run = CliRun.pzWithEnv(env("PZ_STATE_CONNECTION_STRING", "postgresql://pz:hunter2@127.0.0.1:1/state"),
                project.path(), "run");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0518").contains("cannot reach the state store").doesNotContain("hunter2");
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void onePostgresRunLockAcrossSessions() {
        PostgresTestServer.Endpoint pg = PostgresTestServer.endpoint();
        Map<String, Object> settings = Map.of("connection_string", "postgresql://" + pg.user() + ":" + pg.password() + "@"
                + pg.host() + ":" + pg.port() + "/" + pg.database(), "schema", "pz_lock_" + Long.toHexString(System.nanoTime()));
        StateConfig config = new StateConfig("postgres", settings, false);
        try (StateBackend machineA = StateBackends.open(config, temp); StateBackend machineB = StateBackends.open(config, temp)) {
            StateBackend.RunLock held = machineA.lockRun("run-a");
            assertThatThrownBy(() -> machineB.lockRun("run-b")).isInstanceOfSatisfying(PzException.class,
                    e -> assertThat(e.error().code()).isEqualTo(PzCode.STATE_RUN_IN_FLIGHT));
            held.close();
            machineB.lockRun("run-b").close();
        }
    }
}
