package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.RunReport;
import dev.pz.engine.events.ChangeCounts;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.events.SchemaChange;
import dev.pz.engine.events.SchemaColumn;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * docs/events.md against what the event stream writes: every event the renderer can write has a row
 * in the page's table, its fields are the row's fields in the row's order (the optional blocks only
 * when present), every required field is written, and every row names an event this build writes
 * (or says it writes none). A new event or field cannot reach the stream undocumented, nor a
 * documented one disappear from it.
 */
class EventsDocTest {
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z_]+)` \\| (.*) \\|$");
    private static final Pattern FIELD = Pattern.compile("`([A-Za-z]+)`");
    private static final String OPTIONAL = "; then, only when present:";
    private static final List<String> ENVELOPE = List.of("event", "at", "runId");
    /** Documented as part of the contract, and documented as never written by this build. */
    private static final Set<String> NEVER_WRITTEN = Set.of("connector_log");

    private final TestNode source = TestNode.source("node-a", "src_crm__customers");

    /** One documented event: its fields after the envelope, required ones first, then the optional blocks. */
    private record Documented(List<String> required, List<String> optional) {
        List<String> all() {
            List<String> all = new ArrayList<>(required);
            all.addAll(optional);
            return all;
        }
    }

    @Test
    void everyEventWrittenIsDocumentedFieldForFieldInOrder() throws IOException {
        Map<String, Documented> documented = documented();
        Map<String, Consumer<JsonEventRenderer>> writers = writers();
        assertThat(writers.keySet()).as("every event method of the renderer is driven here")
                .isEqualTo(eventMethods());

        StringWriter out = new StringWriter();
        JsonEventRenderer renderer = new JsonEventRenderer(Console.of(out, new StringWriter()).out(),
                new SteppingClock("2026-07-04T10:00:00Z"));
        writers.values().forEach(writer -> writer.accept(renderer));

        ObjectMapper mapper = new ObjectMapper();
        Set<String> written = new TreeSet<>();
        for (String line : out.toString().split("\n")) {
            JsonNode event = mapper.readTree(line);
            List<String> fields = new ArrayList<>();
            event.fieldNames().forEachRemaining(fields::add);
            assertThat(fields.subList(0, 3)).as(line).isEqualTo(ENVELOPE);
            String name = event.get("event").asText();
            written.add(name);
            Documented row = documented.get(name);
            assertThat(row).as("docs/events.md documents " + name).isNotNull();
            List<String> own = fields.subList(3, fields.size());
            assertThat(own).as(name + ": documented fields in order").containsSubsequence(row.required())
                    .isEqualTo(row.all().stream().filter(own::contains).toList());
            assertThat(own).as(name + ": every required field").containsAll(row.required());
        }
        Set<String> expected = new TreeSet<>(documented.keySet());
        expected.removeAll(NEVER_WRITTEN);
        assertThat(written).as("every documented event is one the renderer writes").isEqualTo(expected);
        assertThat(Files.readString(docs())).contains("`connector_log` is part of the contract, but this build emits none");
    }

    /** The renderer's own event methods: those it declares beyond plumbing. */
    private static Set<String> eventMethods() {
        return Arrays.stream(JsonEventRenderer.class.getDeclaredMethods())
                .filter(method -> !Modifier.isPrivate(method.getModifiers()) && !Modifier.isStatic(method.getModifiers())
                        && !method.isSynthetic() && method.getReturnType() == void.class)
                .map(Method::getName).collect(Collectors.toCollection(TreeSet::new));
    }

    /** Every event the renderer writes, each with every optional block this build can fill. */
    private Map<String, Consumer<JsonEventRenderer>> writers() {
        Map<String, Consumer<JsonEventRenderer>> writers = new LinkedHashMap<>();
        writers.put("runStarted", r -> r.runStarted("20260704T100000000Z-ab12", "hello_pz", 2));
        writers.put("nodeStarted", r -> r.nodeStarted(source));
        writers.put("nodeProgress", r -> r.nodeProgress(source, 10, 100, 1));
        writers.put("retryScheduled", r -> r.retryScheduled(source, 2, 3, 800, "timeout"));
        writers.put("breakerStateChanged", r -> r.breakerStateChanged("conn:crm", "closed", "open", "2 consecutive"
                + " transient failures", 2000));
        writers.put("lossyIntegerInferenceDetected", r -> r.lossyIntegerInferenceDetected(source, "crm", "customers",
                List.of("id")));
        writers.put("ambiguousDateInferenceDetected", r -> r.ambiguousDateInferenceDetected(source, "crm", "customers",
                List.of("day"), "%d/%m/%Y"));
        writers.put("sourceDriftDetected", r -> r.sourceDriftDetected(source, "crm", "customers", "additive",
                List.of(new SchemaChange("added", "note", null, "VARCHAR")),
                List.of(new SchemaColumn("id", "BIGINT"), new SchemaColumn("note", "VARCHAR")), "abc123"));
        writers.put("mergeKeyDuplicatesDetected", r -> r.mergeKeyDuplicatesDetected(source, "lake.orders",
                List.of("id"), 2, 3));
        writers.put("nodeCompleted", r -> r.nodeCompleted(new NodeResult("node-a", NodeKind.SOURCE_LOAD,
                "src_crm__customers", NodeStatus.FAILED, 3, 31, PzError.of(PzCode.NODE_FAILED, "boom"),
                new NodeResult.Timings(2, 3), "carried_forward", null, new ChangeCounts(1, 1, 1, "0/172A258"))));
        writers.put("runCompleted", r -> r.runCompleted(RunStatus.COMPLETED_WITH_FAILURES, 1, 1, 0, 75));
        writers.put("retentionSwept", r -> r.retentionSwept(new RunReport.Retention(3, 1, 1288490188L, 0, "cleaned")));
        return writers;
    }

    private static Path docs() {
        return Path.of("..").toAbsolutePath().normalize().resolve("docs/events.md");
    }

    /** The table of docs/events.md (its header row left out): event name to its documented fields. */
    private static Map<String, Documented> documented() throws IOException {
        Map<String, Documented> events = new LinkedHashMap<>();
        for (String line : Files.readAllLines(docs())) {
            Matcher row = ROW.matcher(line);
            if (row.matches() && !row.group(1).equals("event")) {
                String cell = row.group(2);
                int split = cell.indexOf(OPTIONAL);
                String required = split < 0 ? cell : cell.substring(0, split);
                String optional = split < 0 ? "" : cell.substring(split + OPTIONAL.length());
                events.put(row.group(1), new Documented(fields(required), fields(optional)));
            }
        }
        assertThat(events).as("the event table of docs/events.md").containsKeys("run_started", "node_completed");
        return events;
    }

    /** The backticked field names of a cell, leaving out value lists in parentheses and nested shapes. */
    private static List<String> fields(String cell) {
        String names = cell.replaceAll("\\([^)]*\\)", "").replaceAll("`[\\[{][^`]*`", "");
        List<String> fields = new ArrayList<>();
        Matcher field = FIELD.matcher(names);
        while (field.find()) {
            fields.add(field.group(1));
        }
        return fields;
    }
}
