package dev.pz.cli.fidelity;

import static dev.pz.cli.fidelity.Reference.ok;
import static dev.pz.cli.fidelity.Reference.watermark;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.cli.Duck;
import dev.pz.cli.PlantedRuns;
import dev.pz.cli.RunArtifacts;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz retry} as the reference's RetryCommandTests, RetryReuseEndToEndTests and RetryRunTests pin
 * it: refusals, what it re-runs, staging reuse and carry-forward, and the watermark afterwards.
 */
class RetryVerbFidelityTest {
    /** Sorts after every run id a real run mints, so it is the latest run. */
    private static final String FAKE_RUN = "99991231T235959999Z-ffff";

    @TempDir
    Path temp;

    /** One real run of F05; kind to its node entry in run_results.json. */
    private Map<String, JsonNode> runOnce(Path project) {
        ok(project, "run");
        Map<String, JsonNode> byKind = new HashMap<>();
        RunArtifacts.results(RunArtifacts.onlyRun(project)).get("nodes")
                .forEach(node -> byKind.put(node.get("kind").asText(), node));
        return byKind;
    }

    private static String entry(JsonNode node, String id, String status, long rows) {
        return "{\"id\":\"" + id + "\",\"kind\":\"" + node.get("kind").asText() + "\",\"name\":\""
                + node.get("name").asText() + "\",\"status\":\"" + status + "\",\"rows\":" + rows
                + ",\"durationMs\":0,\"error\":null}";
    }

    private static Set<Path> runDirectories(Path project) {
        return Set.copyOf(RunArtifacts.runDirectories(project));
    }

    private static Path newRun(Path project, Set<Path> before) {
        List<Path> added = RunArtifacts.runDirectories(project).stream().filter(p -> !before.contains(p)).toList();
        assertThat(added).hasSize(1);
        return added.get(0);
    }

    // RT1
    @Test
    void withoutAPriorRunRetryIsPz0502() {
        CliRun retry = CliRun.pz(Catalogue.f05(temp).path(), "retry");
        assertThat(retry.exitCode()).isEqualTo(2);
        assertThat(retry.err()).contains("PZ0502", "no prior run found");
    }

    // RT2
    @Test
    void afterASuccessfulRunThereIsNothingToRetry() {
        Path project = Catalogue.f05(temp).path();
        ok(project, "run");
        CliRun retry = ok(project, "retry");
        assertThat(retry.out()).contains("nothing to retry");
        assertThat(RunArtifacts.runDirectories(project)).hasSize(1);
    }

    // RT3
    @Test
    void anInterruptedPriorRunIsRefused() {
        Path project = Catalogue.f05(temp).path();
        JsonNode source = runOnce(project).get("SourceLoad");
        PlantedRuns.in(project).run(FAKE_RUN, "running", "2026-01-01T00:00:00.000Z", null,
                entry(source, source.get("id").asText(), "success", 0));
        CliRun retry = CliRun.pz(project, "retry");
        assertThat(retry.exitCode()).isEqualTo(2);
        assertThat(retry.err()).contains("PZ0503", "prior run was interrupted", "1 node(s) recorded before it stopped",
                "re-run 'pz run'");
    }

    // RT4
    @Test
    void aFatalPriorRunIsRefused() {
        Path project = Catalogue.f05(temp).path();
        JsonNode source = runOnce(project).get("SourceLoad");
        PlantedRuns.in(project).run(FAKE_RUN, "fatal", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:01.000Z",
                entry(source, source.get("id").asText(), "success", 0));
        CliRun retry = CliRun.pz(project, "retry");
        assertThat(retry.exitCode()).isEqualTo(2);
        assertThat(retry.err()).contains("PZ0504", "prior run ended fatally", "re-run 'pz run'");
    }

    // RT5, RT6
    @Test
    void retryRerunsTheFailedAndSkippedNodesAndWithoutStagingReextracts() {
        Path project = Catalogue.f05(temp).path();
        Map<String, JsonNode> byKind = runOnce(project);
        plantFailure(project, byKind, byKind.get("Pipeline").get("id").asText(), 0);
        Set<Path> before = runDirectories(project);
        CliRun retry = ok(project, "retry");
        assertThat(retry.out()).doesNotContain("note: reusing", "note: carrying forward");
        Path rerun = newRun(project, before);
        JsonNode nodes = RunArtifacts.results(rerun).get("nodes");
        assertThat(nodes).hasSize(3).allSatisfy(node -> assertThat(node.get("status").asText()).isEqualTo("success"));
        assertThat(rerun.resolve("run_results.json")).content().doesNotContain("\"provenance\"");
    }

    private void plantFailure(Path project, Map<String, JsonNode> byKind, String pipelineId, long sourceRows) {
        JsonNode source = byKind.get("SourceLoad");
        PlantedRuns.in(project).run(FAKE_RUN, "completed_with_failures", "2026-01-01T00:00:00.000Z",
                "2026-01-01T00:00:01.000Z", entry(source, source.get("id").asText(), "success", sourceRows),
                entry(byKind.get("Pipeline"), pipelineId, "failed", 0),
                entry(byKind.get("SinkWrite"), byKind.get("SinkWrite").get("id").asText(), "skipped", 0));
    }

    // RT7
    @Test
    void retryReusesTheStagedSourceAndMarksItReused() throws Exception {
        // The planted failure stands for a failed run, which leaves its source staged as a table; a
        // successful run fuses this chain and leaves a view, so the run planted from stages it too.
        Path project = Catalogue.f05(temp).file("project.yml", Catalogue.F05_PROJECT.replace("engine:\n",
                "engine:\n  fusion: false\n")).path();
        Map<String, JsonNode> byKind = runOnce(project);
        Path real = RunArtifacts.onlyRun(project);
        plantFailure(project, byKind, byKind.get("Pipeline").get("id").asText(),
                byKind.get("SourceLoad").get("rows").asLong());
        Files.copy(real.resolve("staging.duckdb"), PlantedRuns.in(project).directory(FAKE_RUN).resolve("staging.duckdb"));
        Set<Path> before = runDirectories(project);
        CliRun retry = ok(project, "retry");
        assertThat(retry.out()).contains("note: reusing staged data for 1 source load(s) from run " + FAKE_RUN)
                .doesNotContain("note: carrying forward");
        Path rerun = newRun(project, before);
        assertThat(rerun.resolve("run_results.json")).content().contains("\"provenance\":\"reused\"");
        assertThat(RunArtifacts.results(rerun).get("nodes")).hasSize(3)
                .allSatisfy(node -> assertThat(node.get("status").asText()).isEqualTo("success"));
    }

    // RT8
    @Test
    void aFailedNodeWhoseIdChangedIsNamedInANote() {
        Path project = Catalogue.f05(temp).path();
        Map<String, JsonNode> byKind = runOnce(project);
        plantFailure(project, byKind, "deadbeefdeadbeef", 0);
        CliRun retry = ok(project, "retry");
        assertThat(retry.err()).contains("note: " + byKind.get("Pipeline").get("name").asText()
                + " changed since the failed run");
    }

    // RR1
    @Test
    void retryReusesStagingCarriesTheCommittedSinkForwardAndAdvancesTheWatermark() {
        TestProject project = Catalogue.f09(temp).file("out_flaky", "blocks the flaky sink's output directory");
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(RunArtifacts.runDirectories(project.path())).hasSize(1);
        assertThat(watermark(project.path(), "crm.orders")).isNull();

        project.file("orders.csv", "id,name\n100,zed\n150,yara\n200,xena\n");
        project.resolve("out_flaky").toFile().delete();
        Set<Path> before = runDirectories(project.path());
        ok(project.path(), "retry");

        List<String> flaky = RunArtifacts.listFiles(project.resolve("out_flaky"));
        assertThat(flaky).hasSize(1).allSatisfy(name -> assertThat(name).startsWith("flaky").endsWith(".parquet"));
        assertThat(Duck.rows("select count(*), min(id), max(id) from read_parquet('" + project.resolve("out_flaky")
                + "/*.parquet')")).containsExactly("5|1|5");
        JsonNode entry = watermark(project.path(), "crm.orders");
        assertThat(entry.get("cursor").asText() + ":" + entry.get("type").asText() + ":" + entry.get("value").asText())
                .isEqualTo("id:bigint:5");
        JsonNode nodes = RunArtifacts.results(newRun(project.path(), before)).get("nodes");
        Map<String, List<String>> byProvenance = new HashMap<>();
        nodes.forEach(node -> {
            if (node.has("provenance")) {
                byProvenance.computeIfAbsent(node.get("provenance").asText(), k -> new java.util.ArrayList<>())
                        .add(node.get("kind").asText() + ":" + node.get("name").asText() + ":"
                                + node.get("status").asText());
            }
        });
        assertThat(byProvenance.get("reused")).hasSize(1).allSatisfy(s -> assertThat(s).startsWith("SourceLoad:")
                .endsWith(":success"));
        assertThat(byProvenance.get("carried_forward")).containsExactly("SinkWrite:ok.ok:success");
    }

    // RR2
    @Test
    void retryRerunsOnlyTheFailedLineage() {
        TestProject project = Catalogue.f10(temp).file("out_a", "blocks branch A's sink");
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        JsonNode first = RunArtifacts.results(RunArtifacts.onlyRun(project.path()));
        Map<String, String> statuses = statuses(first);
        assertThat(statuses).containsEntry("src_files__orders_a", "success").containsEntry("totals_a", "success")
                .containsEntry("lake.totals_a", "failed").containsEntry("src_files__orders_b", "success")
                .containsEntry("totals_b", "success").containsEntry("lake.totals_b", "success").hasSize(6);
        assertThat(RunArtifacts.node(first, "lake.totals_a").get("error").get("code").asText()).isEqualTo("PZ0501");

        project.resolve("out_a").toFile().delete();
        Set<Path> before = runDirectories(project.path());
        ok(project.path(), "retry");
        assertThat(statuses(RunArtifacts.results(newRun(project.path(), before)))).containsOnly(
                Map.entry("src_files__orders_a", "success"), Map.entry("totals_a", "success"),
                Map.entry("lake.totals_a", "success"));
        assertThat(project.resolve("out_a/totals_a.parquet")).isRegularFile();
    }

    private static Map<String, String> statuses(JsonNode results) {
        Map<String, String> statuses = new HashMap<>();
        results.get("nodes").forEach(node -> statuses.put(node.get("name").asText(), node.get("status").asText()));
        return statuses;
    }
}
