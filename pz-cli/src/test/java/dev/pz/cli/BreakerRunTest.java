package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.testing.TestProject;
import dev.pz.testing.memory.MemoryConnector;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code engine.breaker} on a source that fails transiently (the {@code memory} connector's
 * {@code transient_failures}): the breaker opens after the threshold, lets one probe through after the
 * cool-down, and refuses with PZ0506 without calling the connector once a node has waited out two
 * cool-downs. Retries come fast (1 ms) so that every retry meets the breaker still open.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class BreakerRunTest {

    @TempDir
    Path dir;

    private final String probe = "flappy-" + UUID.randomUUID();

    private TestProject project(int failTimes, String coolDown) {
        return TestProject.in(dir).projectYml("breakers", "engine:", "  breaker: {failure_threshold: 1, cool_down: "
                + coolDown + "}")
                .file("connections.yml", "src:\n  connector: memory\n  entities:\n    flappy:\n      read: {batches: 1, "
                        + "rows: 3, transient_failures: " + failTimes + ", probe: '" + probe + "', retry: {max_attempts: 4, "
                        + "base_delay: 1ms, max_delay: 1ms}}\nlake:\n  connector: localfiles\n")
                .file("pipelines/copied.sql", "INSERT INTO {{ sink('lake', 'copied', strategy: 'replace', format: "
                        + "'csv', path: 'out/') }}\nselect * from {{ source('src', 'flappy') }}\n");
    }

    @Test
    void aBreakerThatStaysOpenRefusesWithPZ0506WithoutCallingTheConnector() {
        project(100, "2s");
        CliRun run = CliRun.pz(dir, "run");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        List<String> breakerLines = run.outLines().stream().filter(line -> line.startsWith("breaker: ")).toList();
        assertThat(breakerLines).containsExactly(
                "breaker: connection src closed->open (1 consecutive transient failure; cool down 2s)",
                "breaker: connection src open->half_open (cool-down elapsed; cool down 0s)",
                "breaker: connection src half_open->open (probe failed; cool down 2s)",
                "breaker: connection src open->half_open (cool-down elapsed; cool down 0s)",
                "breaker: connection src half_open->open (probe failed; cool down 2s)");
        assertThat(run.out()).containsPattern("(?m)^FAIL src_src__flappy 0 rows \\d+ms\n  PZ0506: circuit breaker for "
                + "instance 'conn:src' is open \\(cool-down [0-9.]+s\\); the connector was not invoked\\.$");
        assertThat(MemoryConnector.events(probe)).as("three attempts reached the connector; the fourth was refused")
                .containsExactly("open", "open", "open");
        JsonNode node = RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(dir)), "src_src__flappy");
        assertThat(node.get("status").asText()).isEqualTo("failed");
        assertThat(node.get("error").get("code").asText()).isEqualTo("PZ0506");
        assertThat(dir.resolve("out/copied.csv")).doesNotExist();
    }

    @Test
    void aSuccessfulProbeClosesTheBreakerAndTheEventsFollowTheContract() {
        project(1, "100ms");
        CliRun run = CliRun.pz(dir, "run", "--log-format", "json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<String> events = run.outLines().stream().filter(line -> line.contains("\"breaker_state_changed\""))
                .map(line -> line.replaceAll("\"at\":\"[^\"]+\",\"runId\":\"[^\"]+\"", "\"at\":…,\"runId\":…"))
                .toList();
        assertThat(events).containsExactly(
                "{\"event\":\"breaker_state_changed\",\"at\":…,\"runId\":…,\"instance\":\"conn:src\",\"oldState\":"
                        + "\"closed\",\"newState\":\"open\",\"trigger\":\"1 consecutive transient failure\","
                        + "\"coolDownMs\":100}",
                "{\"event\":\"breaker_state_changed\",\"at\":…,\"runId\":…,\"instance\":\"conn:src\",\"oldState\":"
                        + "\"open\",\"newState\":\"half_open\",\"trigger\":\"cool-down elapsed\",\"coolDownMs\":0}",
                "{\"event\":\"breaker_state_changed\",\"at\":…,\"runId\":…,\"instance\":\"conn:src\",\"oldState\":"
                        + "\"half_open\",\"newState\":\"closed\",\"trigger\":\"probe succeeded\",\"coolDownMs\":0}");
        assertThat(MemoryConnector.events(probe)).containsExactly("open", "open", "close");
        assertThat(Duck.rows("select count(*) from read_csv('" + dir.resolve("out/copied.csv") + "')"))
                .containsExactly("3");
    }

    @Test
    void withoutABreakerTheSameFailuresAreOnlyRetried() {
        project(1, "100ms").projectYml("breakers");
        CliRun run = CliRun.pz(dir, "run");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).doesNotContain("breaker:").contains("retry: src_src__flappy attempt 2/4");
    }
}
