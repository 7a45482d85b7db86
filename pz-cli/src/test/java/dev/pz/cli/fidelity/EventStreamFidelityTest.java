package dev.pz.cli.fidelity;

import static dev.pz.cli.fidelity.Reference.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.cli.CliRun;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code --log-format json} event stream of a real run, as the reference's JsonLogFormatTests,
 * JsonRendererTests and its golden events.ndjson pin it: field order per event, envelope fields,
 * lifecycle order, what the retention event may carry.
 */
class EventStreamFidelityTest {
    @TempDir
    Path temp;

    private static List<String> fields(JsonNode event) {
        List<String> names = new ArrayList<>();
        event.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The first event of each kind, by event name. */
    private static Map<String, JsonNode> firstOfEachKind(CliRun run) {
        Map<String, JsonNode> events = new LinkedHashMap<>();
        run.outLines().forEach(line -> events.putIfAbsent(json(line).get("event").asText(), json(line)));
        return events;
    }

    // JL1, J7, J13
    @Test
    void everyLineIsAnEventAndEachNodeStartsBeforeItCompletes() {
        CliRun run = CliRun.pz(Catalogue.f01(temp).path(), "run", "--log-format", "json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).endsWith("\n").doesNotContain("\r");
        List<JsonNode> events = run.outLines().stream().map(Reference::json).toList();
        assertThat(events).allSatisfy(event -> assertThat(event.has("event") && event.has("at") && event.has("runId"))
                .isTrue());
        assertThat(events.get(0).get("event").asText()).isEqualTo("run_started");
        assertThat(events.get(events.size() - 1).get("event").asText()).isEqualTo("run_completed");
        Map<String, Integer> started = new HashMap<>();
        Map<String, Integer> completed = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            String kind = events.get(i).get("event").asText();
            if (kind.equals("node_started")) {
                started.put(events.get(i).get("nodeId").asText(), i);
            } else if (kind.equals("node_completed")) {
                completed.put(events.get(i).get("nodeId").asText(), i);
            }
        }
        assertThat(completed).hasSize(3);
        completed.forEach((node, index) -> assertThat(started.get(node)).as(node).isNotNull().isLessThan(index));
        assertThat(events.get(0).get("at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
    }

    // J1, J2, J4, J5, J8, J9
    @Test
    void eachEventKeepsTheReferenceFieldOrder() {
        CliRun run = CliRun.pz(Catalogue.f01(temp).path(), "run", "--log-format", "json");
        Map<String, JsonNode> events = firstOfEachKind(run);
        assertThat(fields(events.get("run_started"))).containsExactly("event", "at", "runId", "projectName", "nodeCount");
        assertThat(fields(events.get("node_started"))).containsExactly("event", "at", "runId", "nodeId", "kind", "name");
        assertThat(fields(events.get("node_completed"))).startsWith("event", "at", "runId", "nodeId", "kind", "name",
                "status", "rows", "durationMs", "errorCode", "errorMessage", "timings").doesNotContain("provenance");
        JsonNode completed = events.get("node_completed");
        assertThat(completed.get("errorCode").isNull()).isTrue();
        assertThat(completed.get("errorMessage").isNull()).isTrue();
        assertThat(fields(events.get("run_completed"))).containsExactly("event", "at", "runId", "status", "succeeded",
                "failed", "skipped", "durationMs");
    }

    // J8 (node_progress, J3, needs a run long enough to report progress: see dev.pz.cli.NodeProgressEventTest)
    @Test
    void timingsCarryTheReferenceFields() {
        TestProject project = Catalogue.f05(temp);
        project.projectYml("retry_basic", Catalogue.LOCALFILES, "engine:\n  threads: 1\n  force_universal: true")
                .file("pipelines/totals.sql", project.read("pipelines/totals.sql").replace("'parquet'", "'csv'"));
        CliRun run = CliRun.pz(project.path(), "run", "--log-format", "json");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode load = run.outLines().stream().map(Reference::json)
                .filter(e -> e.get("event").asText().equals("node_completed") && e.get("kind").asText().equals("SourceLoad"))
                .findFirst().orElseThrow();
        assertThat(fields(load.get("timings"))).containsExactly("producerStallMs", "consumerStallMs");
    }

    // J6, J7 (retention_swept is the last event and carries counts only)
    @Test
    void theRetentionEventIsLastAndCarriesCountsOnly() throws Exception {
        Path project = Catalogue.f05(temp).path();
        for (int i = 1; i <= 12; i++) {
            Path run = project.resolve(String.format(".pz/runs/20250101T00000%03dZ-%04x", i, i));
            Files.createDirectories(run);
            Files.writeString(run.resolve("run_results.json"), "{}");
            Files.write(run.resolve("staging.duckdb"), new byte[4096]);
        }
        CliRun run = CliRun.pz(project, "run", "--log-format", "json");
        List<String> lines = run.outLines();
        JsonNode last = json(lines.get(lines.size() - 1));
        assertThat(last.get("event").asText()).isEqualTo("retention_swept");
        assertThat(fields(last)).containsExactly("event", "at", "runId", "runsSwept", "bytesFreed", "failures");
        assertThat(last.get("runsSwept").asInt()).isEqualTo(3);
        assertThat(last.get("bytesFreed").asLong()).isEqualTo(3 * 4096);
        assertThat(last.get("failures").asInt()).isZero();
        assertThat(lines.get(lines.size() - 1)).doesNotContain(".pz");
    }

    // J4 (failed node: error code and message filled)
    @Test
    void aFailedNodeCarriesItsCodeAndMessage() {
        TestProject project = Catalogue.f01(temp).file("pipelines/customer_totals.sql", "INSERT INTO {{ sink('lake', "
                + "'customer_totals', strategy: 'replace', format: 'parquet', path: 'out/') }}\nselect customer, "
                + "cast(customer as integer) as code\nfrom {{ source('files', 'orders') }}\n");
        CliRun run = CliRun.pz(project.path(), "run", "--log-format", "json");
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode failed = run.outLines().stream().map(Reference::json)
                .filter(e -> e.get("event").asText().equals("node_completed") && e.get("status").asText().equals("failed"))
                .findFirst().orElseThrow();
        assertThat(failed.get("errorCode").asText()).isEqualTo("PZ0501");
        assertThat(failed.get("errorMessage").asText()).isNotBlank();
        JsonNode completed = json(run.outLines().get(run.outLines().size() - 1));
        assertThat(completed.get("status").asText()).isEqualTo("completed_with_failures");
        assertThat(completed.get("failed").asInt()).isEqualTo(1);
        assertThat(completed.get("skipped").asInt()).isEqualTo(1);
    }
}
