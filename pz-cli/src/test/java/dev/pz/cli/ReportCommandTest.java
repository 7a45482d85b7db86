package dev.pz.cli;

import dev.pz.testing.Catalogue;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz report [run-id]} and what every run leaves for it: report.html and dag.json beside
 * run_results.json, whose new fields ({@code startedAt} per node, {@code peakMemory}) come after
 * the documented ones; the {@code report:} line after the summary (stderr in json mode); a redraw
 * that matches the run's own byte for byte; PZ0502 for no run or an unknown one.
 */
class ReportCommandTest {
    @TempDir
    Path temp;

    @Test
    void everyRunWritesItsReportAndPzReportDrawsTheSameBytesAgain() throws Exception {
        Path project = Catalogue.f01(temp.resolve("p")).path();
        CliRun run = CliRun.pz(project, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        Path runDirectory = RunArtifacts.latestRun(project);
        Path report = runDirectory.resolve("report.html");
        List<String> lines = run.outLines();
        assertThat(lines.get(lines.size() - 2)).startsWith("run " + runDirectory.getFileName() + ": 3 succeeded");
        assertThat(lines.get(lines.size() - 1)).isEqualTo("report: " + report);
        assertThat(runDirectory.resolve("dag.json")).exists();
        byte[] written = Files.readAllBytes(report);

        Files.delete(report);
        CliRun latest = CliRun.pz(project, "report");
        assertThat(latest.exitCode()).as(latest.toString()).isZero();
        assertThat(latest.out()).isEqualTo("report: " + report + "\n");
        assertThat(Files.readAllBytes(report)).isEqualTo(written);

        CliRun named = CliRun.pz(project, "report", runDirectory.getFileName().toString());
        assertThat(named.exitCode()).as(named.toString()).isZero();
        assertThat(Files.readAllBytes(report)).isEqualTo(written);
    }

    @Test
    void runResultsKeepTheirFieldOrderAndAppendNodeStartsAndPeakMemory() throws Exception {
        Path project = Catalogue.f01(temp.resolve("p")).path();
        assertThat(CliRun.pz(project, "run", "--all").exitCode()).isZero();
        JsonNode results = RunArtifacts.results(RunArtifacts.latestRun(project));
        assertThat(fields(results)).containsExactly("version", "runId", "status", "startedAt", "finishedAt", "nodes",
                "nodeStarts", "peakMemory");
        assertThat(fields(results.get("peakMemory"))).containsExactly("rssBytes", "arrowBytes");
        assertThat(results.get("peakMemory").get("rssBytes").asLong()).isPositive();
        List<String> ids = new ArrayList<>();
        for (JsonNode node : results.get("nodes")) {
            assertThat(fields(node)).as("node entries keep the documented fields")
                    .containsExactly("id", "kind", "name", "status", "rows", "durationMs", "error");
            ids.add(node.get("id").asText());
        }
        assertThat(fields(results.get("nodeStarts"))).containsExactlyElementsOf(ids);
        results.get("nodeStarts").forEach(start -> assertThat(start.asText())
                .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z")
                .isGreaterThanOrEqualTo(results.get("startedAt").asText()));
    }

    @Test
    void inJsonModeTheReportLineGoesToStderrWithTheSummary() throws Exception {
        Path project = Catalogue.f01(temp.resolve("p")).path();
        CliRun run = CliRun.pz(project, "run", "--all", "--log-format", "json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).allMatch(line -> line.startsWith("{\"event\":"));
        assertThat(run.errLines()).last().isEqualTo("report: " + RunArtifacts.latestRun(project).resolve("report.html"));
    }

    @Test
    void noRunOrAnUnknownRunIsPz0502() throws Exception {
        Path project = Catalogue.f01(temp.resolve("p")).path();
        CliRun none = CliRun.pz(project, "report");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).isEqualTo("error PZ0502: no prior run found under .pz/runs — run 'pz run' first\n");
        for (String id : List.of("20990101T000000000Z-0000", "../..", "")) {
            CliRun unknown = CliRun.pz(project, "report", id);
            assertThat(unknown.exitCode()).as(id).isEqualTo(2);
            assertThat(unknown.err()).as(id).isEqualTo("error PZ0502: no run '" + id + "' under .pz/runs — hint: "
                    + "`pz runs` lists the runs of this project\n");
        }
        Path broken = Files.createDirectories(project.resolve(".pz/runs/20990101T000000000Z-0000"));
        Files.writeString(broken.resolve("run_results.json"), "{not json");
        CliRun unreadable = CliRun.pz(project, "report", "20990101T000000000Z-0000");
        assertThat(unreadable.exitCode()).isEqualTo(2);
        assertThat(unreadable.err()).startsWith("error PZ0502: run '20990101T000000000Z-0000' has no readable "
                + "run_results.json (.pz/runs/20990101T000000000Z-0000/run_results.json)");
        CliRun noProject = CliRun.pz(temp.resolve("nowhere"), "report");
        assertThat(noProject.exitCode()).isEqualTo(2);
        assertThat(noProject.err()).startsWith("error PZ0101: project.yml is missing — run pz report from a project");
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
