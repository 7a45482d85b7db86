package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --log-format json} on a real run: stdout is NDJSON only, human lines go to stderr. */
class JsonLogFormatTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path temp;

    private Path demo;

    @BeforeEach
    void scaffold() {
        demo = temp.resolve("demo");
        CliRun init = CliRun.pz("init", demo.toString(), "--template", "sample");
        assertThat(init.exitCode()).as(init.toString()).isZero();
    }

    @Test
    void runAllStreamsOneJsonEventPerLine() throws Exception {
        CliRun run = CliRun.pz(demo, "run", "--all", "--log-format", "json");
        assertThat(run.exitCode()).as(run.toString()).isZero();

        List<JsonNode> events = parse(run);
        assertThat(events).hasSizeGreaterThan(2);
        String runId = events.get(0).get("runId").asText();
        assertThat(runId).matches("\\d{8}T\\d{9}Z-[0-9a-f]{4}");
        for (JsonNode event : events) {
            List<String> fields = new ArrayList<>();
            event.fieldNames().forEachRemaining(fields::add);
            assertThat(fields.subList(0, 3)).as(event.toString()).containsExactly("event", "at", "runId");
            assertThat(event.get("at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
            assertThat(event.get("runId").asText()).isEqualTo(runId);
        }

        JsonNode first = events.get(0);
        assertThat(first.get("event").asText()).isEqualTo("run_started");
        assertThat(first.get("projectName").asText()).isEqualTo("demo");
        assertThat(first.get("nodeCount").asInt()).isEqualTo(12);
        assertThat(events).filteredOn(event -> event.get("event").asText().equals("run_started")).hasSize(1);

        int completedAt = indexOf(events, "run_completed");
        assertThat(events).filteredOn(event -> event.get("event").asText().equals("run_completed")).hasSize(1);
        assertThat(events.subList(completedAt + 1, events.size()))
                .allSatisfy(event -> assertThat(event.get("event").asText()).isEqualTo("retention_swept"));
        JsonNode completed = events.get(completedAt);
        assertThat(completed.get("status").asText()).isEqualTo("success");
        assertThat(completed.get("succeeded").asInt()).isEqualTo(12);
        assertThat(completed.get("failed").asInt()).isZero();
        assertThat(completed.get("skipped").asInt()).isZero();

        Set<String> started = new HashSet<>();
        int nodeCompleted = 0;
        for (JsonNode event : events.subList(0, completedAt)) {
            String id = event.path("nodeId").asText();
            switch (event.get("event").asText()) {
                case "node_started" -> assertThat(started.add(id)).as("started twice: " + id).isTrue();
                case "node_completed" -> {
                    assertThat(started).as("completed before started: " + event).contains(id);
                    assertThat(event.get("status").asText()).isEqualTo("success");
                    assertThat(event.has("timings")).isTrue();
                    assertThat(event.get("errorCode").isNull()).isTrue();
                    assertThat(event.get("errorMessage").isNull()).isTrue();
                    assertThat(event.has("provenance")).isFalse();
                    nodeCompleted++;
                }
                default -> {
                }
            }
        }
        assertThat(nodeCompleted).isEqualTo(12);

        assertThat(run.err()).contains("run " + runId + ": 12 succeeded, 0 failed, 0 skipped (");
        assertThat(run.out()).doesNotContain("run " + runId + ":");
    }

    @Test
    void testVerbStreamsJsonToo() throws Exception {
        CliRun test = CliRun.pz(demo, "test", "--log-format", "JSON");
        assertThat(test.exitCode()).as(test.toString()).isIn(0, 1);
        List<JsonNode> events = parse(test);
        assertThat(events.get(0).get("event").asText()).isEqualTo("run_started");
        assertThat(events).anySatisfy(event -> assertThat(event.path("kind").asText()).isEqualTo("Check"));
        assertThat(test.err()).containsPattern("run \\S+: \\d+ succeeded");
    }

    @Test
    void textIsTheDefaultAndCaseInsensitive() {
        CliRun run = CliRun.pz(demo, "run", "orders_enriched", "--log-format", "Text");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).allSatisfy(line -> assertThat(line).doesNotStartWith("{"));
        assertThat(run.out()).containsPattern("run \\S+: \\d+ succeeded, 0 failed, 0 skipped");
    }

    @Test
    void compileNoticesGoToStderrInJsonMode() throws Exception {
        Path project = TestProject.in(temp.resolve("notices")).projectYml("notices")
                .file("connections.yml", String.join("\n", "files:", "  connector: localfiles", "  entities:",
                        "    orders:", "      read:", "        path: data/orders.csv", "        format: csv",
                        "        sync:", "          mode: incremental", "          cursor: id", ""))
                .file("data/orders.csv", "id,amount\n1,2.5\n2,4.0\n")
                .file("pipelines/totals.sql", "select count(*) as n from {{ source('files', 'orders') }}\n")
                .path();

        CliRun text = CliRun.pz(project, "run", "--all");
        assertThat(text.out()).as(text.toString()).contains("note: source 'files.orders': cursor 'id' unverified");

        CliRun json = CliRun.pz(project, "run", "--all", "--log-format", "json");
        assertThat(json.err()).as(json.toString()).contains("note: source 'files.orders': cursor 'id' unverified");
        assertThat(parse(json).get(0).get("event").asText()).isEqualTo("run_started");
    }

    @Test
    void otherValuesAreUsageErrors() {
        for (String verb : List.of("run", "test")) {
            CliRun run = CliRun.pz(demo, verb, "--log-format", "yaml");
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.CONFIG_ERROR);
            assertThat(run.err()).isEqualTo("error: invalid --log-format value 'yaml' (expected 'text' or 'json')\n");
            assertThat(run.out()).isEmpty();
        }
    }

    private static List<JsonNode> parse(CliRun run) throws Exception {
        List<JsonNode> events = new ArrayList<>();
        for (String line : run.outLines()) {
            JsonNode event = MAPPER.readTree(line);
            assertThat(event.isObject()).as(line).isTrue();
            events.add(event);
        }
        assertThat(run.out()).endsWith("\n");
        return events;
    }

    private static int indexOf(List<JsonNode> events, String name) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).get("event").asText().equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no " + name + " event");
    }
}
