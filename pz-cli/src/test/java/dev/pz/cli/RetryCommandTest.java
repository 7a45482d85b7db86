package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz retry} (docs/retry.md): the prior run's states, what is re-run,
 * staged-data reuse, carried-forward sinks, provenance, and commit-gated watermark advancement.
 */
class RetryCommandTest {

    @TempDir
    Path dir;

    private TestProject f09() {
        return Catalogue.f09(dir);
    }

    @Test
    void noPriorRunIsPz0502() {
        f09();
        CliRun retry = CliRun.pz(dir, "retry");
        assertThat(retry.exitCode()).isEqualTo(2);
        assertThat(retry.err()).contains("error PZ0502: no prior run found under .pz/runs — run 'pz run' first");
    }

    @Test
    void aSucceededRunLeavesNothingToRetryAndCreatesNoRun() throws Exception {
        f09();
        assertThat(CliRun.pz(dir, "run", "--all").exitCode()).isZero();
        CliRun retry = CliRun.pz(dir, "retry");
        assertThat(retry.exitCode()).as(retry.toString()).isZero();
        assertThat(retry.out()).startsWith("nothing to retry (run ");
        try (var runs = Files.list(dir.resolve(".pz/runs"))) {
            assertThat(runs.filter(Files::isDirectory).count()).isEqualTo(1);
        }
    }

    @Test
    void interruptedAndFatalPriorRunsAreRefused() throws Exception {
        f09();
        Path fake = dir.resolve(".pz/runs/99999999T999999999Z-fake");
        Files.createDirectories(fake);
        Files.writeString(fake.resolve("run_results.json"), "{\"version\":1,\"runId\":\"99999999T999999999Z-fake\","
                + "\"status\":\"running\",\"startedAt\":\"2026-01-01T00:00:00.000Z\",\"nodes\":[]}");
        CliRun running = CliRun.pz(dir, "retry");
        assertThat(running.exitCode()).isEqualTo(2);
        assertThat(running.err()).contains("PZ0503", "prior run was interrupted (0 node(s)");
        Files.writeString(fake.resolve("run_results.json"), "{\"version\":1,\"runId\":\"99999999T999999999Z-fake\","
                + "\"status\":\"fatal\",\"startedAt\":\"2026-01-01T00:00:00.000Z\",\"nodes\":[]}");
        CliRun fatal = CliRun.pz(dir, "retry");
        assertThat(fatal.exitCode()).isEqualTo(2);
        assertThat(fatal.err()).contains("error PZ0504: prior run ended fatally; re-run 'pz run'");
    }

    @Test
    void retryReusesTheSourceCarriesTheCommittedSinkAndAdvancesOnlyThen() throws Exception {
        f09().file("out_flaky", "blocks the output directory");
        CliRun first = CliRun.pz(dir, "run", "--all");
        assertThat(first.exitCode()).as(first.toString()).isEqualTo(1);
        assertThat(first.out()).contains("FAIL flaky.flaky 0 rows");
        assertThat(dir.resolve(".pz/state/watermarks.json")).doesNotExist();

        Files.delete(dir.resolve("out_flaky"));
        CliRun retry = CliRun.pz(dir, "retry");
        assertThat(retry.exitCode()).as(retry.toString()).isZero();
        assertThat(retry.out()).contains("note: reusing staged data for 1 source load(s) from run ",
                "note: carrying forward 1 committed sink write(s) from run ", "ok flaky.flaky 5 rows",
                "4 succeeded, 0 failed, 0 skipped");
        try (var files = Files.list(dir.resolve("out_ok"))) {
            assertThat(files.count()).as("the committed sink is not written again").isEqualTo(1);
        }
        assertThat(Files.readString(dir.resolve(".pz/state/watermarks.json"))).contains("\"crm.orders\"",
                "\"value\": \"5\"");
        String latest = latestResults();
        assertThat(latest).contains("\"name\":\"src_crm__orders\",\"status\":\"success\",\"provenance\":\"reused\"",
                "\"name\":\"ok.ok\",\"status\":\"success\",\"provenance\":\"carried_forward\"");
        assertThat(latest.indexOf("\"ok.ok\"")).as("carried-forward nodes come first")
                .isLessThan(latest.indexOf("\"src_crm__orders\""));
    }

    @Test
    void aNodeChangedSinceTheFailedRunIsNotedAndSkipped() throws Exception {
        f09().file("out_flaky", "x");
        assertThat(CliRun.pz(dir, "run", "--all").exitCode()).isEqualTo(1);
        TestProject.in(dir).file("connections.yml", Files.readString(dir.resolve("connections.yml"))
                .replace("flaky: {connector: localfiles}", "flaky: {connector: localfiles, root: elsewhere}"))
                .file("pipelines/stg_orders.sql", Files.readString(dir.resolve("pipelines/stg_orders.sql"))
                        .replace("path: 'out_flaky/'", "path: 'moved/'"));
        CliRun retry = CliRun.pz(dir, "retry");
        assertThat(retry.exitCode()).as(retry.toString()).isZero();
        assertThat(retry.err()).contains("note: flaky.flaky changed since the failed run");
        assertThat(retry.out()).contains("nothing to retry (project changed)");
    }

    private String latestResults() throws Exception {
        try (var runs = Files.list(dir.resolve(".pz/runs"))) {
            List<Path> ordered = runs.filter(Files::isDirectory).sorted().toList();
            return Files.readString(ordered.get(ordered.size() - 1).resolve("run_results.json"));
        }
    }
}
