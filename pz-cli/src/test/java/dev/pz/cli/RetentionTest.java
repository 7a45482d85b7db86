package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Automatic retention at the end of a run: old staging databases go, run_results.json stays. */
class RetentionTest {

    @TempDir
    Path temp;

    /** Plants 12 prior runs, oldest first, each with run_results.json {} and a 4096-byte staging.duckdb. */
    private static List<Path> plantPriors(Path project) throws Exception {
        List<Path> priors = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Path run = project.resolve(String.format(".pz/runs/20250101T00000%03dZ-%04x", i, 0xa000 + i));
            Files.createDirectories(run);
            Files.writeString(run.resolve("run_results.json"), "{}");
            Files.write(run.resolve("staging.duckdb"), new byte[4096]);
            priors.add(run);
        }
        Files.createDirectories(project.resolve(".pz/state"));
        Files.writeString(project.resolve(".pz/state/watermarks.json"), "{\"version\":1,\"watermarks\":{}}");
        return priors;
    }

    @Test
    void keepLastTenCountsTheNewRun() throws Exception {
        Path project = Catalogue.f01(temp).path();
        List<Path> priors = plantPriors(project);

        CliRun run = CliRun.pz(project, "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(RunArtifacts.beforeReportLine(run)).last()
                .isEqualTo("cleaned 3 staging database(s) and 0 stale workdir(s) — freed 12 KB");
        for (int i = 0; i < 12; i++) {
            assertThat(priors.get(i).resolve("run_results.json")).hasContent("{}");
            assertThat(Files.exists(priors.get(i).resolve("staging.duckdb"))).as("prior " + i).isEqualTo(i >= 3);
        }
        assertThat(RunArtifacts.latestRun(project).resolve("staging.duckdb")).isRegularFile();
        assertThat(project.resolve(".pz/state/watermarks.json")).hasContent("{\"version\":1,\"watermarks\":{}}");
    }

    @Test
    void retentionOffSweepsNothing() throws Exception {
        TestProject fixture = Catalogue.f01(temp);
        fixture.projectYml("csv_to_parquet", Catalogue.LOCALFILES, "engine:\n  threads: 2", "retention: off");
        List<Path> priors = plantPriors(fixture.path());

        CliRun run = CliRun.pz(fixture.path(), "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).doesNotContain("cleaned");
        assertThat(priors).allMatch(prior -> Files.isRegularFile(prior.resolve("staging.duckdb")));
    }

    @Test
    void nothingToSweepPrintsNoLine() throws Exception {
        Path project = Catalogue.f01(temp).path();
        CliRun run = CliRun.pz(project, "run", "--all");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).doesNotContain("cleaned");
    }

    @Test
    void undeletableStagingIsReportedAndTheRunStillSucceeds() throws Exception {
        // Root ignores permissions, so the oldest staging.duckdb is a non-empty directory instead.
        Path project = Catalogue.f01(temp).path();
        List<Path> priors = plantPriors(project);
        Files.delete(priors.get(0).resolve("staging.duckdb"));
        Files.createDirectories(priors.get(0).resolve("staging.duckdb/pinned"));

        CliRun run = CliRun.pz(project, "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        // A136, literal: the three swept runs are counted, 8 KB actually freed, one failure.
        assertThat(RunArtifacts.beforeReportLine(run)).last().isEqualTo("cleaned 3 staging database(s) and 0 stale "
                + "workdir(s) — freed 8 KB"
                + " (1 could not be deleted; run pz clean for details)");
        assertThat(priors.get(0).resolve("staging.duckdb/pinned")).isDirectory();
    }
}
