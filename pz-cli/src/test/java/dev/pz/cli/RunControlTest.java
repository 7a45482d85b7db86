package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.testing.TestProject;
import dev.pz.testing.memory.MemoryConnector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run control with real slow work: a DuckDB query that would run for days, a universal source that
 * blocks until it is cancelled (the {@code memory} test connector), a sink blocked in a write.
 * {@code --fail-fast} and {@code engine.node_timeout} must stop each of them; every node ends with
 * a terminal status and destinations keep what they had. Synchronisation is by latches the memory
 * connector counts down; the class timeout only guards against a hang.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RunControlTest {
    /** A query DuckDB would need days for, interruptible between chunks. */
    static final String ENDLESS_QUERY = "select count(*) as n from range(1000000000000000) t(a) where a % 7 = 3";

    @TempDir
    Path dir;

    private final String slow = "slow-" + UUID.randomUUID();
    private final String gate = "gate-" + UUID.randomUUID();

    /** A memory connection {@code src} with the given entities (each {@code name: read options}), and {@code lake}. */
    private TestProject project(String engineLines, String... entities) {
        StringBuilder connections = new StringBuilder("src:\n  connector: memory\n  entities:\n");
        for (String entity : entities) {
            String name = entity.substring(0, entity.indexOf(':'));
            connections.append("    ").append(name).append(":\n      read: {").append(entity.substring(name.length() + 1)
                    .strip()).append("}\n");
        }
        connections.append("lake:\n  connector: localfiles\n");
        return TestProject.in(dir).projectYml("run_control", "engine:", "  threads: 4", engineLines)
                .file("connections.yml", connections.toString());
    }

    private static String copyTo(String entity) {
        return "INSERT INTO {{ sink('lake', '" + entity + "_out', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select id, amount, name from {{ source('src', '" + entity + "') }}\n";
    }

    /**
     * Runs {@code pz run --all --fail-fast} and, once the work under {@code probe} blocks and the
     * {@code bad} source waits at its gate, lets {@code bad} fail.
     */
    private CliRun failFastOnceBlocked(String probe) throws Exception {
        CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.pz(dir, "run", "--all",
                "--fail-fast"));
        awaitBlocked(probe);
        awaitBlocked(gate);
        MemoryConnector.release(gate);
        return running.get();
    }

    private void awaitBlocked(String probe) throws InterruptedException {
        assertThat(MemoryConnector.blocked(probe).await(2, TimeUnit.MINUTES)).as("the work started blocking").isTrue();
    }

    private JsonNode results() {
        return RunArtifacts.results(RunArtifacts.onlyRun(dir));
    }

    private List<String> stagingTables() {
        return RunArtifacts.stagingTables(RunArtifacts.onlyRun(dir));
    }

    // ---- --fail-fast --------------------------------------------------------------------------------

    @Test
    void failFastInterruptsARunningDuckDbQuery() throws Exception {
        project("", "bad: fail_after: 0").file("pipelines/copied.sql", copyTo("bad"))
                .file("pipelines/endless.sql", "INSERT INTO {{ sink('lake', 'endless_out', strategy: 'replace', "
                        + "format: 'csv', path: 'out/') }}\n" + ENDLESS_QUERY + "\n")
                .file("out/endless_out.csv", "n\n41\n");
        CliRun run = CliRun.pz(dir, "run", "--all", "--fail-fast");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(RunArtifacts.withoutTimes(run)).contains("FAIL src_src__bad 0 rows", "cancelled endless 0 rows",
                "skip lake.endless_out 0 rows", "skip copied 0 rows", "skip lake.bad_out 0 rows");
        assertThat(run.out()).contains(": 0 succeeded, 1 failed, 4 skipped (");
        assertThat(run.err()).as("fail-fast is not a user cancellation").doesNotContain("run cancelled");
        JsonNode results = results();
        assertThat(results.get("status").asText()).isEqualTo("completed_with_failures");
        assertThat(RunArtifacts.summary(results)).contains("endless:skipped:0", "lake.endless_out:skipped:0");
        assertThat(RunArtifacts.node(results, "endless").get("error").isNull()).isTrue();
        assertThat(Files.readString(dir.resolve("out/endless_out.csv"))).isEqualTo("n\n41\n");
        assertThat(stagingTables()).as("a cancelled CTAS creates nothing").doesNotContain("endless");
    }

    @Test
    void failFastStopsABlockedUniversalSourceThroughTheSourceItself() throws Exception {
        project("", "items: block: true, probe: '" + slow + "'", "bad: ignore_cancel: true, probe: '" + gate + "'")
                .file("pipelines/items.sql", copyTo("items")).file("pipelines/bad.sql", copyTo("bad"));
        CliRun run = failFastOnceBlocked(slow);

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(RunArtifacts.withoutTimes(run)).contains("FAIL src_src__bad 0 rows", "cancelled src_src__items 0 rows",
                "skip items 0 rows", "skip lake.items_out 0 rows");
        assertThat(MemoryConnector.events(slow)).as("DuckDB cannot interrupt a reader mid-batch: the source is "
                + "cancelled itself").containsExactly("open", "blocked", "cancel", "stopped", "close");
        assertThat(RunArtifacts.node(results(), "src_src__items").get("status").asText()).isEqualTo("skipped");
        assertThat(stagingTables()).isEmpty();
        assertThat(dir.resolve("out/items_out.csv")).doesNotExist();
    }

    @Test
    void failFastAbortsAUniversalSinkBlockedInAWriteAndTheDestinationKeepsWhatItHad() throws Exception {
        String sinkProbe = "sink-" + UUID.randomUUID();
        project("", "items: batches: 2, rows: 3", "bad: ignore_cancel: true, probe: '" + gate + "'")
                .file("connections.yml", TestProject.in(dir).read("connections.yml")
                        + "dest:\n  connector: memory\n")
                .file("pipelines/items.sql", "INSERT INTO {{ sink('dest', 'items', strategy: 'replace', path: 'out/', "
                        + "probe: '" + sinkProbe + "', block_write: true) }}\nselect id, amount, name from "
                        + "{{ source('src', 'items') }}\n")
                .file("pipelines/bad.sql", copyTo("bad")).file("out/items.txt", "what the destination had\n");
        CliRun run = failFastOnceBlocked(sinkProbe);

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(RunArtifacts.withoutTimes(run)).contains("ok src_src__items 6 rows", "ok items 6 rows",
                "cancelled dest.items 0 rows", "FAIL src_src__bad 0 rows");
        assertThat(MemoryConnector.events(sinkProbe)).containsExactly("begin", "write", "cancel", "abort", "close");
        assertThat(Files.readString(dir.resolve("out/items.txt"))).isEqualTo("what the destination had\n");
    }

    // ---- engine.node_timeout ----------------------------------------------------------------------

    @Test
    void aDuckDbQueryPastTheNodeTimeoutFailsWithPZ0525AndItsDescendantsAreSkipped() throws Exception {
        project("  node_timeout: 1s", "items: batches: 1, rows: 4").file("pipelines/items.sql", copyTo("items"))
                .file("pipelines/endless.sql", "INSERT INTO {{ sink('lake', 'endless_out', strategy: 'replace', "
                        + "format: 'csv', path: 'out/') }}\n" + ENDLESS_QUERY + "\n");
        CliRun run = CliRun.pz(dir, "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(RunArtifacts.withoutTimes(run)).contains("FAIL endless 0 rows",
                "  PZ0525: node 'endless' exceeded engine.node_timeout (1s) on attempt 1 and was cancelled.",
                "skip lake.endless_out 0 rows", "ok src_src__items 4 rows", "ok lake.items_out 4 rows");
        JsonNode endless = RunArtifacts.node(results(), "endless");
        assertThat(endless.get("status").asText()).isEqualTo("failed");
        assertThat(endless.get("error").get("code").asText()).isEqualTo("PZ0525");
        assertThat(endless.get("durationMs").asLong()).as("it ran at least the timeout").isGreaterThanOrEqualTo(1000);
        assertThat(stagingTables()).doesNotContain("endless");
        assertThat(Duck.rows("select count(*) from read_csv('" + dir.resolve("out/items_out.csv") + "')"))
                .containsExactly("4");
    }

    @Test
    void aSlowUniversalSourcePastTheNodeTimeoutIsCancelledAndNotRetried() {
        project("  node_timeout: 1s", "items: batches: 100000, rows: 5, sleep_ms: 50, probe: '" + slow + "'")
                .file("pipelines/items.sql", copyTo("items"));
        CliRun run = CliRun.pz(dir, "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(RunArtifacts.withoutTimes(run)).contains("FAIL src_src__items 0 rows",
                "  PZ0525: node 'src_src__items' exceeded engine.node_timeout (1s) on attempt 1 and was cancelled.",
                "skip items 0 rows", "skip lake.items_out 0 rows");
        assertThat(run.out()).doesNotContain("retry:");
        // One attempt. Whether the reader is told to cancel depends on who wins a race that does not
        // matter: the ingest may see the cancelled scope between two batches and close the reader first.
        assertThat(MemoryConnector.events(slow)).as("one attempt, stopped").isIn(List.of("open", "close"),
                List.of("open", "cancel", "close"));
        assertThat(stagingTables()).isEmpty();
    }

    @Test
    void aNodeThatIgnoresItsTimeoutIsAbandonedWithPZ0526AndTheRestOfTheRunIsCancelled() throws Exception {
        String flappy = "flappy-" + UUID.randomUUID();
        System.setProperty("pz.internal.stopGraceMs", "500");
        try {
            // flappy fails at once and then waits 15 s or more before its retry: it is running, between
            // attempts, when stuck is given up on.
            project("  node_timeout: 1s", "stuck: ignore_cancel: true, probe: '" + slow + "'",
                    "flappy: transient_failures: 100, probe: '" + flappy + "', retry: {max_attempts: 5, base_delay: 20s, "
                            + "max_delay: 20s}")
                    .file("pipelines/stuck.sql", copyTo("stuck")).file("pipelines/flappy.sql", copyTo("flappy"));
            CliRun run = CliRun.pz(dir, "run", "--all");

            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            assertThat(RunArtifacts.withoutTimes(run)).contains("FAIL src_src__stuck 0 rows",
                    "  PZ0526: node 'src_src__stuck' exceeded engine.node_timeout (1s) on attempt 1, was cancelled, "
                            + "and did not stop within 500ms; the rest of the run is cancelled because the abandoned "
                            + "work may still hold the run's DuckDB connection or a connector handle.",
                    "cancelled src_src__flappy 0 rows", "skip stuck 0 rows", "skip lake.stuck_out 0 rows",
                    "skip flappy 0 rows", "skip lake.flappy_out 0 rows");
            assertThat(run.out()).containsPattern("retry: src_src__flappy attempt 2/5 in \\d+ms");
            JsonNode results = results();
            assertThat(results.get("status").asText()).isEqualTo("completed_with_failures");
            assertThat(RunArtifacts.node(results, "src_src__stuck").get("error").get("code").asText())
                    .isEqualTo("PZ0526");
            assertThat(RunArtifacts.node(results, "src_src__flappy").get("status").asText()).isEqualTo("skipped");
            assertThat(MemoryConnector.events(slow)).as("still stuck when the run ended").doesNotContain("released");
            assertThat(MemoryConnector.events(flappy)).containsExactly("open");
        } finally {
            System.clearProperty("pz.internal.stopGraceMs");
            MemoryConnector.release(slow);
            awaitAbandonedWork();
        }
    }

    /** Lets the run's resources close after an abandoned node ends, before the temp directory goes. */
    private static void awaitAbandonedWork() throws InterruptedException {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().equals("pz-abandoned-closer")) {
                thread.join(TimeUnit.MINUTES.toMillis(1));
            }
        }
    }

    @Test
    void timeWaitingForAConnectionSlotDoesNotCountAgainstTheTimeout() {
        // Three loads of ~1.5 s each, one at a time: the last waits ~3 s for its slot, longer than
        // node_timeout, yet each attempt runs well within it.
        TestProject project = project("  node_timeout: 4s", "a: batches: 3, rows: 2, sleep_ms: 500",
                "b: batches: 3, rows: 2, sleep_ms: 500", "c: batches: 3, rows: 2, sleep_ms: 500");
        project.file("connections.yml", project.read("connections.yml").replace("src:\n  connector: memory\n",
                "src:\n  connector: memory\n  max_concurrency: 1\n"))
                .file("pipelines/abc.sql", "INSERT INTO {{ sink('lake', 'abc', strategy: 'replace', format: 'csv', "
                        + "path: 'out/') }}\nselect * from {{ source('src', 'a') }} union all select * from "
                        + "{{ source('src', 'b') }} union all select * from {{ source('src', 'c') }}\n");
        CliRun run = CliRun.pz(dir, "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(Duck.rows("select count(*) from read_csv('" + dir.resolve("out/abc.csv") + "')"))
                .containsExactly("18");
    }
}
