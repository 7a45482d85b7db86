package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.cli.RunArtifacts;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import dev.pz.testing.state.HttpStateServer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which state backend a project uses, how pz names it and what {@code --state-url} overrides, as the
 * reference's StateBackendFactoryTests and StateUrlOverrideTests pin them. The http backend is a real
 * HTTP state service in the test JVM; no SQL Server runs here, so its facts are stated on the loaded
 * configuration and on verbs that never connect.
 */
class StateBackendFidelityTest {
    private static final String OPS = "\nops:\n  connector: sqlserver\n  host: db.internal\n  database: pz_state\n"
            + "  user: loader\n  password: never-connected\n";
    private static final String SQLSERVER_STATE = "state:\n  backend: sqlserver\n  connection: ops\n  artifacts: false\n";

    @TempDir
    Path temp;

    private static Map<String, String> env(String... pairs) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.keySet().removeIf(name -> name.startsWith("PZ_STATE_"));
        for (int i = 0; i < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        return env;
    }

    private static String firstLine(CliRun run) {
        assertThat(run.exitCode()).as(run.toString()).isZero();
        return run.outLines().get(0);
    }

    // SBF1, SBF4
    @Test
    void theLocalBackendIsNamedWithWhatChoseIt() {
        TestProject project = TestProject.in(temp.resolve("default")).projectYml("demo");
        assertThat(firstLine(CliRun.pzWithEnv(env(), project.path(), "state", "show")))
                .isEqualTo("state backend: local (default)");
        project.file("project.yml", project.read("project.yml") + "state:\n  backend: local\n");
        assertThat(firstLine(CliRun.pzWithEnv(env(), project.path(), "state", "show")))
                .isEqualTo("state backend: local (from project.yml)");
    }

    // SBF2, SBF8
    @Test
    void anHttpBackendFromTheEnvironmentKeepsKeyedStateAtTheServerAndRunArtifactsLocal() {
        try (HttpStateServer server = HttpStateServer.start("s3cret")) {
            TestProject project = Catalogue.f06(temp.resolve("http"));
            Map<String, String> env = env("PZ_STATE_BACKEND", "http", "PZ_STATE_URL", server.url(), "PZ_STATE_TOKEN",
                    "s3cret");
            CliRun run = CliRun.pzWithEnv(env, project.path(), "run");
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.out()).contains("note: state backend: http (from PZ_STATE_BACKEND)");
            assertThat(run.out() + run.err()).doesNotContain("s3cret");
            assertThat(server.payload("watermarks", "files.orders")).contains("\"value\":\"4\"");
            assertThat(project.resolve(".pz/state/watermarks.json")).doesNotExist();
            assertThat(RunArtifacts.results(RunArtifacts.onlyRun(project.path())).get("status").asText())
                    .isEqualTo("success");
            assertThat(firstLine(CliRun.pzWithEnv(env, project.path(), "state", "show")))
                    .isEqualTo("state backend: http (from PZ_STATE_BACKEND)");
        }
    }

    // SBF3
    @Test
    void aSqlServerBackendFromTheEnvironmentSaysSo() {
        TestProject project = TestProject.in(temp.resolve("sqlserver")).projectYml("demo");
        assertThat(ProjectLoader.loadStateConfig(project.path(), env("PZ_STATE_BACKEND", "sqlserver",
                "PZ_STATE_CONNECTION_STRING", "jdbc:sqlserver://x;databaseName=y", "PZ_STATE_ARTIFACTS", "false"))
                .describe()).isEqualTo("sqlserver (from PZ_STATE_BACKEND)");
    }

    // SBF9
    @Test
    void aSqlServerStateConnectionIsResolvedWithoutConnecting() {
        TestProject project = Catalogue.f06(temp.resolve("ops"));
        project.file("project.yml", project.read("project.yml") + SQLSERVER_STATE);
        project.file("connections.yml", project.read("connections.yml") + OPS);
        CliRun validate = CliRun.pzWithEnv(env(), project.path(), "validate");
        assertThat(validate.exitCode()).as(validate.toString()).isZero();
    }

    // SBF10 (deliberate difference: the state connection is checked as every connection is, PZ0301 per missing field)
    @Test
    void aSqlServerStateConnectionWithoutItsFieldsIsRefused() {
        TestProject project = Catalogue.f06(temp.resolve("bare"));
        project.file("project.yml", project.read("project.yml") + SQLSERVER_STATE);
        project.file("connections.yml", project.read("connections.yml") + "\nops:\n  connector: sqlserver\n");
        CliRun validate = CliRun.pzWithEnv(env(), project.path(), "validate");
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(LoaderFidelityTest.errors(validate)).hasSize(2)
                .anySatisfy(e -> assertThat(e).startsWith("error PZ0301: connection 'ops': 'host' is required"))
                .anySatisfy(e -> assertThat(e).startsWith("error PZ0301: connection 'ops': 'database' is required"));
    }

    // SUO2
    @Test
    void stateUrlOutranksProjectYmlAndTakesTheTokenFromTheEnvironment() {
        try (HttpStateServer server = HttpStateServer.start("secret")) {
            TestProject project = Catalogue.f06(temp.resolve("override"));
            project.file("project.yml", project.read("project.yml")
                    + "state:\n  backend: sqlserver\n  connection: ops\n  artifacts: true\n  events: true\n");
            project.file("connections.yml", project.read("connections.yml") + OPS);
            CliRun run = CliRun.pzWithEnv(env("PZ_STATE_TOKEN", "secret"), project.path(), "run", "--state-url",
                    server.url());
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.out()).contains("note: state backend: http (from --state-url)");
            assertThat(server.lastAuthorization()).isEqualTo("Bearer secret");
            assertThat(server.payload("watermarks", "files.orders")).contains("\"value\":\"4\"");
            assertThat(RunArtifacts.onlyRun(project.path()).resolve("run_results.json")).isRegularFile();
        }
    }

    // SUO3
    @Test
    void stateUrlWithoutATokenSendsNone() {
        try (HttpStateServer server = HttpStateServer.start(null)) {
            TestProject project = Catalogue.f06(temp.resolve("tokenless"));
            CliRun run = CliRun.pzWithEnv(env(), project.path(), "run", "--state-url", server.url());
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(server.requests()).isPositive();
            assertThat(server.lastAuthorization()).isNull();
        }
    }

    // SUO4
    @ParameterizedTest
    @ValueSource(strings = {"not-a-url", "/relative/path", "ftp://host/state"})
    void aStateUrlThatIsNotHttpIsRefused(String url) {
        TestProject project = Catalogue.f06(temp.resolve("bad"));
        CliRun run = CliRun.pzWithEnv(env(), project.path(), "run", "--state-url", url);
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0125", "--state-url");
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }
}
