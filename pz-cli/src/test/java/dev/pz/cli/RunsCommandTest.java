package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz runs}: the run list people and
 * scripts read to pick a run for {@code pz state rollback} or to see what a retry reused.
 */
class RunsCommandTest {
    @TempDir
    Path directory;

    private TestProject project;

    @BeforeEach
    void setUp() {
        project = TestProject.in(directory).projectYml("runs_test");
    }

    @Test
    void noRunsFound() {
        CliRun run = CliRun.pz(project.path(), "runs");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).isEqualTo("no runs found\n");
    }

    @Test
    void listsNewestFirstWithCountsDurationAndProvenance() {
        PlantedRuns.in(directory)
                .run("20260101T000000000Z-aaaa", "completed_with_failures", "2026-01-01T00:00:00.000Z",
                        "2026-01-01T00:00:05.000Z",
                        PlantedRuns.node("src_files__orders", "SourceLoad", "success", "reused", null),
                        PlantedRuns.node("totals", "Pipeline", "failed", null, null),
                        PlantedRuns.node("lake.totals", "SinkWrite", "skipped", null, null))
                .run("20260102T000000000Z-bbbb", "running", "2026-01-02T00:00:00.000Z", null,
                        PlantedRuns.node("src_files__orders", "SourceLoad", "success", "carried_forward", null),
                        PlantedRuns.node("totals", "Pipeline", "success", "reused", null));

        CliRun run = CliRun.pz(project.path(), "runs");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).containsExactly(
                "RUN ID                         STATUS                    STARTED AT                DURATION    OK  FAILED  SKIPPED  PROVENANCE",
                "20260102T000000000Z-bbbb       running                   2026-01-02T00:00:00.000Z  -            2       0        0  1 reused, 1 carried_forward",
                "20260101T000000000Z-aaaa       completed_with_failures   2026-01-01T00:00:00.000Z  5s           1       1        1  1 reused");
    }

    @Test
    void jsonPrintsOneCompactObjectPerRun() {
        PlantedRuns.in(directory)
                .run("20260101T000000000Z-aaaa", "success", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:05.000Z",
                        PlantedRuns.node("src_files__orders", "SourceLoad", "success", "reused", null))
                .run("20260102T000000000Z-bbbb", "running", "2026-01-02T00:00:00.000Z", null);

        CliRun run = CliRun.pz(project.path(), "runs", "--json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).containsExactly(
                "{\"runId\":\"20260102T000000000Z-bbbb\",\"status\":\"running\",\"startedAt\":\"2026-01-02T00:00:00.000Z\","
                        + "\"finishedAt\":null,\"durationMs\":null,\"succeeded\":0,\"failed\":0,\"skipped\":0,\"reused\":0,"
                        + "\"carriedForward\":0}",
                "{\"runId\":\"20260101T000000000Z-aaaa\",\"status\":\"success\",\"startedAt\":\"2026-01-01T00:00:00.000Z\","
                        + "\"finishedAt\":\"2026-01-01T00:00:05.000Z\",\"durationMs\":5000,\"succeeded\":1,\"failed\":0,"
                        + "\"skipped\":0,\"reused\":1,\"carriedForward\":0}");
    }

    @Test
    void limitKeepsTheNewestAndSkipsUnreadableRuns() {
        PlantedRuns.in(directory)
                .run("20260101T000000000Z-aaaa", "success", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:01.000Z")
                .run("20260102T000000000Z-bbbb", "success", "2026-01-02T00:00:00.000Z", "2026-01-02T00:00:01.000Z")
                .results("20260103T000000000Z-cccc", "{ truncated");

        CliRun run = CliRun.pz(project.path(), "runs", "--limit", "1");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).hasSize(2);
        assertThat(run.outLines().get(1)).startsWith("20260102T000000000Z-bbbb ");
    }

    @Test
    void limitBelowOneIsPz0534() {
        CliRun run = CliRun.pz(project.path(), "runs", "--limit", "0");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).startsWith("error PZ0534: ").contains("--limit");
    }

    @Test
    void missingProjectIsPz0101() {
        CliRun run = CliRun.pz(directory.resolve("nowhere"), "runs");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("error PZ0101: project.yml is missing");
    }

    @Test
    void brokenConnectionsYmlDoesNotBlock() {
        project.file("connections.yml", "connections: [unclosed\n");
        CliRun run = CliRun.pz(project.path(), "runs");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).isEqualTo("no runs found\n");
    }
}
