package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** `pz submit` and `pz worker` refuse bad arguments together, each with its next step, before any connection. */
class ScaleOutArgumentsTest {

    @Test
    void everyBadSubmitArgumentIsReportedAtOnceWithAHint() {
        CliRun refused = CliRun.pz("submit", "--engine", "temporal", "--temporal", "no-port", "--run-id", "bad id",
                "--heartbeat-timeout", "0", "--max-attempts", "0");
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
        assertThat(refused.errLines()).filteredOn(line -> line.startsWith("error PZ0733: ")).hasSize(4)
                .allMatch(line -> line.contains(" — hint: "), "carries a hint");
        assertThat(refused.err()).contains("--temporal must be host:port", "--run-id must match",
                "--heartbeat-timeout must be at least 1", "--max-attempts must be at least 1");
    }

    @Test
    void aWorkerWithNoQueueOrNoConcurrencyIsRefusedWithHints() {
        CliRun refused = CliRun.pz("worker", "--temporal", "localhost:7233", "--task-queue", "", "--concurrency", "0");
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
        assertThat(refused.errLines()).filteredOn(line -> line.startsWith("error PZ0733: ")).hasSize(2)
                .allMatch(line -> line.contains(" — hint: "), "carries a hint");
    }
}
