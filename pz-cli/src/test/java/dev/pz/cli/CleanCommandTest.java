package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz clean}: it deletes
 * data, so what it keeps matters more than what it frees — the newest run, live runs, every
 * run_results.json without --purge, and all of {@code .pz/state}.
 */
class CleanCommandTest {
    private static final String OLDEST = "20260729T103312121Z-0a01";
    private static final String MIDDLE = "20260729T103312122Z-0a02";
    private static final String NEWEST = "20260729T103312123Z-0a03";

    @TempDir
    Path directory;

    private TestProject project;
    private PlantedRuns runs;

    @BeforeEach
    void setUp() {
        project = TestProject.in(directory).projectYml("clean_test").file(".pz/state/watermarks.json", "{\"wm\":1}");
        runs = PlantedRuns.in(directory);
    }

    private void plantThreeRuns() {
        for (String runId : new String[] {OLDEST, MIDDLE, NEWEST}) {
            runs.run(runId, "success", "2026-07-29T10:33:12.121Z", "2026-07-29T10:33:13.000Z").staging(runId, 512);
        }
    }

    @Test
    void defaultKeepsTheNewestStagingAndAllRunResults() {
        plantThreeRuns();

        CliRun run = CliRun.pz(project.path(), "clean");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).containsExactly("swept   2 run(s) (staging only) — freed 1 KB", "kept    1 run(s)");
        assertThat(runs.directory(NEWEST).resolve("staging.duckdb")).exists();
        assertThat(runs.directory(MIDDLE).resolve("staging.duckdb")).doesNotExist();
        assertThat(runs.directory(OLDEST).resolve("staging.duckdb")).doesNotExist();
        for (String runId : new String[] {OLDEST, MIDDLE, NEWEST}) {
            assertThat(runs.directory(runId).resolve("run_results.json")).exists();
        }
        assertThat(project.read(".pz/state/watermarks.json")).isEqualTo("{\"wm\":1}");
    }

    @Test
    void nothingToClean() {
        CliRun run = CliRun.pz(project.path(), "clean");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).isEqualTo("nothing to clean\n");
    }

    @Test
    void dryRunDeletesNothingAndPrefixesEveryLine() {
        plantThreeRuns();

        CliRun run = CliRun.pz(project.path(), "clean", "--dry-run");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).containsExactly("dry-run: swept   2 run(s) (staging only) — freed 1 KB",
                "dry-run: kept    1 run(s)");
        assertThat(runs.directory(OLDEST).resolve("staging.duckdb")).exists();
        assertThat(runs.directory(MIDDLE).resolve("staging.duckdb")).exists();
    }

    @Test
    void purgeRemovesWholeOlderRunDirectories() {
        plantThreeRuns();

        CliRun run = CliRun.pz(project.path(), "clean", "--purge");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines().get(0)).startsWith("swept   2 run(s) (whole directories) — freed ");
        assertThat(runs.directory(OLDEST)).doesNotExist();
        assertThat(runs.directory(MIDDLE)).doesNotExist();
        assertThat(runs.directory(NEWEST).resolve("staging.duckdb")).exists();
    }

    @Test
    void keepLastZeroPurgeRemovesEveryRunAndSaysSo() {
        plantThreeRuns();

        CliRun run = CliRun.pz(project.path(), "clean", "--keep-last", "0", "--purge");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).contains("kept    0 run(s)",
                "note: no run directories remain — pz retry has nothing to target");
        assertThat(runs.directory(NEWEST)).doesNotExist();
        assertThat(directory.resolve(".pz/state/watermarks.json")).exists();
    }

    @Test
    void liveRunSurvives() throws IOException {
        plantThreeRuns();
        try (PlantedRuns.LiveRun live = runs.live(OLDEST)) {
            CliRun run = CliRun.pz(project.path(), "clean", "--keep-last", "0", "--purge");

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.outLines()).containsExactly("swept   2 run(s) (whole directories) — freed 1.3 KB",
                    "kept    0 run(s)", "skipped " + OLDEST + " (live run)");
            assertThat(runs.directory(NEWEST)).doesNotExist();
            assertThat(run.out()).doesNotContain("no run directories remain");
            assertThat(runs.directory(OLDEST).resolve("staging.duckdb")).exists();
        }
    }

    @Test
    void olderThanKeepsRecentRunsAndUndatableNames() {
        runs.run("20200101T000000000Z-0001", "success", "2020-01-01T00:00:00.000Z", null).staging("20200101T000000000Z-0001", 10)
                .run("20200102T000000000Z-0002", "success", "2020-01-02T00:00:00.000Z", null)
                .staging("20200102T000000000Z-0002", 10)
                .run("99999999T999999999Z-fake", "success", "2020-01-02T00:00:00.000Z", null)
                .staging("99999999T999999999Z-fake", 10);
        String recent = dev.pz.engine.model.RunIds.next(java.time.Instant.now());
        runs.run(recent, "success", "2026-01-01T00:00:00.000Z", null).staging(recent, 10);

        CliRun run = CliRun.pz(project.path(), "clean", "--older-than", "7d");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        // Newest first (datable ids first): recent (kept, index 0), 20200102, 20200101, then the undatable id.
        assertThat(run.outLines()).containsExactly("swept   2 run(s) (staging only) — freed 20 B", "kept    2 run(s)");
        assertThat(runs.directory(recent).resolve("staging.duckdb")).exists();
        assertThat(runs.directory("99999999T999999999Z-fake").resolve("staging.duckdb")).exists();
        assertThat(runs.directory("20200101T000000000Z-0001").resolve("staging.duckdb")).doesNotExist();
    }

    @Test
    void staleRestoreWorkdirsAreSwept() {
        project.file(".pz/tmp/restore-1234/package.zip", "x".repeat(100));

        CliRun run = CliRun.pz(project.path(), "clean");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).containsExactly("kept    0 run(s)", "swept   1 stale restore workdir(s) — freed 100 B");
        assertThat(directory.resolve(".pz/tmp/restore-1234")).doesNotExist();
    }

    @Test
    void deletionFailureWarnsAndExitsOne() throws IOException {
        plantThreeRuns();
        // A staging "file" that is a non-empty directory cannot be deleted as a file, even by root.
        Path staging = runs.directory(OLDEST).resolve("staging.duckdb");
        Files.delete(staging);
        Files.createDirectories(staging.resolve("inner"));

        CliRun run = CliRun.pz(project.path(), "clean");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.err()).startsWith("warning: could not clean " + OLDEST + ": ");
        assertThat(runs.directory(MIDDLE).resolve("staging.duckdb")).doesNotExist();
    }

    @Test
    void brokenConnectionsYmlDoesNotBlock() {
        plantThreeRuns();
        project.file("connections.yml", "connections: {unclosed\n");
        CliRun run = CliRun.pz(project.path(), "clean");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("swept   2 run(s)");
    }

    @Test
    void missingProjectYmlHasTheExactMessage() {
        CliRun run = CliRun.pz(directory.resolve("empty"), "clean");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).isEqualTo(
                "error PZ0101: project.yml is missing — run pz clean from a project directory or pass --project <dir>\n");
    }

    @Test
    void keepLastAndOlderThanConflict() {
        CliRun run = CliRun.pz(project.path(), "clean", "--keep-last", "3", "--older-than", "7d");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).startsWith("error PZ0511: --keep-last and --older-than are mutually exclusive — ");
    }

    @Test
    void invalidOlderThanIsPz0512() {
        for (String value : new String[] {"banana", "7", "0d", "-3d"}) {
            CliRun run = CliRun.pz(project.path(), "clean", "--older-than", value);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).as(value).isEqualTo("error PZ0512: --older-than must be a positive duration like 500ms,"
                    + " 2s, 5m, 1h, or 7d (got '" + value + "')\n");
        }
    }

    @Test
    void negativeKeepLastIsPz0512() {
        CliRun run = CliRun.pz(project.path(), "clean", "--keep-last", "-1");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("error PZ0512: --keep-last must be 0 or greater (got '-1') — 0 selects every run,"
                + " 1 keeps the newest\n");
    }
}
