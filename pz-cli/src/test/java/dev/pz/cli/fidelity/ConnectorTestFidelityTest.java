package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.connectors.example.ExampleConnectorFactory;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz connector test} as the reference's ConnectorTestCommandTests pin it, against the guide's
 * example connector jar: the verdict lines and exit codes, the probe config's {@code ${VAR}}s, and the
 * refusals of a target or a config file that is not there.
 */
class ConnectorTestFidelityTest {
    @TempDir
    Path temp;

    private Path jar;
    private TestProject project;

    @BeforeEach
    void exampleJar() throws Exception {
        jar = Path.of(ExampleConnectorFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertThat(jar.toString()).as("the reactor builds the example's jar before pz-cli's tests").endsWith(".jar");
        project = TestProject.in(temp.resolve("probe"));
    }

    private Path probe(String root) {
        project.file("probe.yml", """
                connection:
                  root: %s
                read:
                  dataset: squares
                  stop: 100
                  partitions: 2
                write:
                  output: pairs
                  mode: replace
                  visible: out/pairs.csv
                """.formatted(root));
        return project.resolve("probe.yml");
    }

    private CliRun connectorTest(Map<String, String> env, String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "connector";
        all[1] = "test";
        System.arraycopy(args, 0, all, 2, args.length);
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.putAll(env);
        return CliRun.pzWithEnv(environment, project.path(), all);
    }

    // CT1 (every check passes; the config's values are never echoed)
    @Test
    void aWellBehavedConnectorPassesEveryCheckWithoutEchoingItsConfig() {
        String root = project.resolve("out").toString();
        CliRun checks = connectorTest(Map.of(), jar.toString(), "--config", probe(root).toString());
        assertThat(checks.exitCode()).as(checks.toString()).isZero();
        assertThat(checks.outLines()).isNotEmpty().noneMatch(line -> line.startsWith("FAIL"))
                .anyMatch(line -> line.startsWith("PASS "));
        assertThat(checks.out()).doesNotContain(root);
    }

    // CT6
    @Test
    void aTargetThatIsNotThereIsPZ0354() {
        CliRun missing = CliRun.pz("connector", "test", temp.resolve("pz-connector-test-missing").toString());
        assertThat(missing.exitCode()).as(missing.toString()).isEqualTo(2);
        assertThat(missing.err()).contains("PZ0354");
        // A connector that is there but no connection to test it with: refused, not run with an empty config.
        CliRun unconfigured = CliRun.pz("connector", "test", jar.toString());
        assertThat(unconfigured.exitCode()).as(unconfigured.toString()).isEqualTo(2);
        assertThat(unconfigured.err()).startsWith("error PZ0101: ").contains("--config");
    }

    // CT7
    @Test
    void theProbeConfigReadsEnvironmentVariables() {
        CliRun checks = connectorTest(Map.of("PZ_TEST_PROBE_ROOT", project.resolve("out").toString()), jar.toString(),
                "--config", probe("${PZ_TEST_PROBE_ROOT}").toString());
        assertThat(checks.exitCode()).as(checks.toString()).isZero();
        assertThat(checks.out()).contains("PASS ").doesNotContain("FAIL");
    }

    // CT8
    @Test
    void everyUndeclaredVariableOfTheProbeConfigIsNamed() {
        project.file("probe.yml", "connection:\n  root: ${PZ_TEST_UNSET_ROOT}\nread:\n  dataset: squares\n"
                + "  stop: ${PZ_TEST_UNSET_STOP}\n");
        CliRun refused = connectorTest(Map.of(), jar.toString(), "--config", project.resolve("probe.yml").toString());
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
        assertThat(refused.err()).contains("PZ0103", "PZ_TEST_UNSET_ROOT", "PZ_TEST_UNSET_STOP");
    }

    // CT9
    @Test
    void aConfigFileThatIsNotThereIsPZ0101NamingIt() {
        String missing = project.resolve("does-not-exist.yml").toString();
        CliRun refused = connectorTest(Map.of(), jar.toString(), "--config", missing);
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
        assertThat(refused.err()).contains("PZ0101", missing).doesNotContain("Exception", "\tat ");
    }
}
