package dev.pz.cli.fidelity;

import static dev.pz.cli.fidelity.Reference.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.cli.PlantedRuns;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pz clean} as the reference's CleanCommandTests pin it. */
class CleanVerbFidelityTest {
    private static final String OLDER = "20260729T103312121Z-1111";
    private static final String NEWEST = "20260729T103312122Z-2222";

    @TempDir
    Path temp;

    private TestProject project;
    private PlantedRuns runs;

    @BeforeEach
    void project() {
        project = TestProject.in(temp).projectYml("clean_test").file(".pz/state/watermarks.json", "{\"wm\":1}");
        runs = PlantedRuns.in(temp);
    }

    private void twoRuns() {
        runs.results(OLDER, "{}").staging(OLDER, 512).results(NEWEST, "{}").staging(NEWEST, 512);
    }

    // CL1
    @Test
    void byDefaultOlderStagingGoesAndTheNewestAndEveryRunResultStay() {
        twoRuns();
        CliRun clean = ok(temp, "clean");
        assertThat(runs.directory(NEWEST).resolve("staging.duckdb")).isRegularFile();
        assertThat(runs.directory(OLDER).resolve("staging.duckdb")).doesNotExist();
        assertThat(runs.directory(OLDER).resolve("run_results.json")).isRegularFile();
        assertThat(clean.out()).contains("staging only");
    }

    // CL2
    @Test
    void nothingToCleanIsSaid() {
        assertThat(ok(temp, "clean").out()).contains("nothing to clean");
    }

    // CL3
    @Test
    void dryRunDeletesNothing() {
        twoRuns();
        assertThat(ok(temp, "clean", "--dry-run").out()).contains("dry-run:");
        assertThat(runs.directory(OLDER).resolve("staging.duckdb")).isRegularFile();
    }

    // CL4
    @Test
    void purgeRemovesWholeDirectories() {
        twoRuns();
        ok(temp, "clean", "--purge");
        assertThat(runs.directory(OLDER)).doesNotExist();
        assertThat(runs.directory(NEWEST)).isDirectory();
    }

    // CL5, CL6
    @Test
    void keepLastZeroPurgeWarnsAboutRetryAndNeverTouchesState() {
        twoRuns();
        assertThat(ok(temp, "clean", "--keep-last", "0", "--purge").out()).contains("pz retry");
        assertThat(temp.resolve(".pz/runs")).isEmptyDirectory();
        assertThat(temp.resolve(".pz/state/watermarks.json")).hasContent("{\"wm\":1}");
    }

    // CL7
    @Test
    void bothSelectorsArePz0511() {
        CliRun clean = CliRun.pz(temp, "clean", "--keep-last", "3", "--older-than", "7d");
        assertThat(clean.exitCode()).isEqualTo(2);
        assertThat(clean.err()).contains("PZ0511", "--keep-last", "--older-than");
    }

    // CL8, CL9
    @Test
    void unusableSelectorsArePz0512() {
        for (String[] args : new String[][] {{"--older-than", "banana"}, {"--older-than", "7"}, {"--older-than", "0d"},
            {"--older-than", "-3d"}, {"--keep-last", "-1"}}) {
            CliRun clean = CliRun.pz(temp, "clean", args[0], args[1]);
            assertThat(clean.exitCode()).as(args[1]).isEqualTo(2);
            assertThat(clean.err()).as(args[1]).contains("PZ0512");
        }
    }

    // CL11
    @Test
    void aLiveRunSurvivesKeepLastZeroPurge() throws Exception {
        twoRuns();
        try (PlantedRuns.LiveRun live = runs.live(OLDER)) {
            CliRun clean = ok(temp, "clean", "--keep-last", "0", "--purge");
            assertThat(runs.directory(OLDER)).isDirectory();
            assertThat(clean.out()).contains("live run");
        }
    }

    // CL12
    @Test
    void anUnparseableConnectionsFileDoesNotBlockCleaning() {
        project.file("connections.yml", "files:\n  connector: localfiles\n   bad: [\n");
        twoRuns();
        assertThat(ok(temp, "clean", "--dry-run").out()).contains("dry-run:");
        assertThat(runs.directory(OLDER).resolve("staging.duckdb")).isRegularFile();
        assertThat(ok(temp, "clean").out()).contains("staging only");
        assertThat(runs.directory(OLDER).resolve("staging.duckdb")).doesNotExist();
    }
}
