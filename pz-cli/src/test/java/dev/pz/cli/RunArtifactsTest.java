package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.engine.artifacts.RunDirectory;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run directory and run_results.json as files: layout, field order, status transitions. */
class RunArtifactsTest {
    private static final String TIME = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

    @TempDir
    Path temp;

    @Test
    void runResultsIsCompactJsonWithFieldsInSpecOrder() throws Exception {
        Path project = Catalogue.f01(temp).path();
        assertThat(CliRun.pz(project, "run", "--all").exitCode()).isZero();
        Path runDir = RunArtifacts.onlyRun(project);
        String runId = runDir.getFileName().toString();

        String text = Files.readString(runDir.resolve("run_results.json")).strip();

        String node = "\\{\"id\":\"[0-9a-f]{16}\",\"kind\":\"%s\",\"name\":\"%s\",\"status\":\"success\",\"rows\":%d,"
                + "\"durationMs\":\\d+,\"error\":null\\}";
        assertThat(text).matches("\\{\"version\":1,\"runId\":\"" + runId + "\",\"status\":\"success\",\"startedAt\":\""
                + TIME + "\",\"finishedAt\":\"" + TIME + "\",\"nodes\":\\["
                + String.format(node, "SourceLoad", "src_files__orders", 12) + ","
                + String.format(node, "Pipeline", "customer_totals", 3) + ","
                + String.format(node, "SinkWrite", "lake\\.customer_totals", 3) + "\\],"
                // pz's own additions, after the documented fields: docs/report.md
                + "\"nodeStarts\":\\{(\"[0-9a-f]{16}\":\"" + TIME + "\",?){3}\\},"
                + "\"peakMemory\":\\{\"rssBytes\":\\d+,\"arrowBytes\":\\d+\\}\\}");
        // The run id is the start time: yyyyMMddTHHmmssfff of startedAt.
        String startedAt = RunArtifacts.results(runDir).get("startedAt").asText();
        assertThat(runId.substring(0, 18)).isEqualTo(startedAt.replaceAll("[-:.Z]", ""));
        assertThat(RunArtifacts.results(runDir).get("finishedAt").asText()).isGreaterThanOrEqualTo(startedAt);
        assertThat(RunArtifacts.listFiles(runDir)).contains("run_results.json", "staging.duckdb")
                .noneMatch(name -> name.contains(".tmp"));
        assertThat(RunDirectory.isLive(runDir)).as("the run lock is released at exit").isFalse();
    }

    @Test
    void failedNodeErrorIsCodeThenMessage() throws Exception {
        TestProject fixture = Catalogue.f01(temp);
        fixture.file("pipelines/customer_totals.sql", "select cast('x' as integer) as v\n");

        CliRun run = CliRun.pz(fixture.path(), "run", "--all");

        assertThat(run.exitCode()).isEqualTo(1);
        String text = Files.readString(RunArtifacts.onlyRun(fixture.path()).resolve("run_results.json"));
        assertThat(text).contains("\"status\":\"completed_with_failures\"")
                .containsPattern("\"name\":\"customer_totals\",\"status\":\"failed\",\"rows\":0,\"durationMs\":\\d+,"
                        + "\"error\":\\{\"code\":\"PZ0501\",\"message\":\"pipeline \\\\u0027customer_totals\\\\u0027: "
                        + "Conversion Error: Could not convert string \\\\u0027\\*\\*\\*\\\\u0027 to INT32\"\\}\\}\\],"
                        + "\"nodeStarts\"");
    }

    @Test
    void configErrorsExitTwoAndCreateNoRunDirectory() {
        TestProject fixture = Catalogue.f01(temp);
        fixture.file("pipelines/customer_totals.sql", "select * from {{ ref('nope') }}\n");

        CliRun run = CliRun.pz(fixture.path(), "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0201");
        assertThat(fixture.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void sqlDryCompileErrorsExitTwoBeforeTheRunDirectory() {
        TestProject fixture = Catalogue.f01(temp);
        fixture.file("pipelines/customer_totals.sql", "select no_such_column from {{ source('files', 'orders') }}\n");

        CliRun run = CliRun.pz(fixture.path(), "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).contains("PZ0401");
        assertThat(fixture.resolve(".pz/runs")).doesNotExist();
    }

    @Test
    void engineFailureBeforeAnyNodeExitsThree() throws Exception {
        TestProject fixture = Catalogue.f01(temp);
        Files.createDirectories(fixture.resolve(".pz"));
        Files.writeString(fixture.resolve(".pz/runs"), "a file where the runs directory belongs");

        CliRun run = CliRun.pz(fixture.path(), "run", "--all");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(3);
        assertThat(run.err()).contains("PZ05").contains(fixture.resolve(".pz/runs").toString());
        assertThat(fixture.resolve("out")).doesNotExist();
    }
}
