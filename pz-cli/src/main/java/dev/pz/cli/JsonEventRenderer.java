package dev.pz.cli;

import dev.pz.engine.Formats;
import dev.pz.engine.RunReport;
import dev.pz.engine.events.NodeRef;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.events.SchemaChange;
import dev.pz.engine.events.SchemaColumn;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --log-format json}: one compact JSON object per event on stdout, each starting with the
 * envelope {@code event}, {@code at}, {@code runId}, then the event's fields in the contract's order.
 * Nullable strings and {@code timings} are written as {@code null}; optional blocks are left out.
 */
final class JsonEventRenderer implements RunListener {
    private final PrintWriter out;
    private final Clock clock;
    private String runId;

    JsonEventRenderer(PrintWriter out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    @Override
    public synchronized void runStarted(String runId, String projectName, int nodeCount) {
        this.runId = runId;
        Map<String, Object> event = envelope("run_started");
        event.put("projectName", projectName);
        event.put("nodeCount", nodeCount);
        emit(event);
    }

    @Override
    public synchronized void nodeStarted(NodeRef node) {
        Map<String, Object> event = envelope("node_started");
        event.put("nodeId", node.id());
        event.put("kind", node.kind().pascalName());
        event.put("name", node.name());
        emit(event);
    }

    @Override
    public synchronized void nodeProgress(NodeRef node, long rows, long bytes, long batches) {
        Map<String, Object> event = envelope("node_progress");
        event.put("nodeId", node.id());
        event.put("name", node.name());
        event.put("rows", rows);
        event.put("bytes", bytes);
        event.put("batches", batches);
        emit(event);
    }

    @Override
    public synchronized void retryScheduled(NodeRef node, int attempt, int maxAttempts, long delayMs, String reason) {
        Map<String, Object> event = envelope("retry_scheduled");
        event.put("nodeId", node.id());
        event.put("name", node.name());
        event.put("attempt", attempt);
        event.put("maxAttempts", maxAttempts);
        event.put("delayMs", delayMs);
        event.put("reason", reason);
        emit(event);
    }

    @Override
    public synchronized void lossyIntegerInferenceDetected(NodeRef node, String connection, String entity,
            List<String> columns) {
        emit(inferenceLint("lossy_integer_inference_detected", node, connection, entity, columns));
    }

    @Override
    public synchronized void ambiguousDateInferenceDetected(NodeRef node, String connection, String entity,
            List<String> columns, String format) {
        Map<String, Object> event = inferenceLint("ambiguous_date_inference_detected", node, connection, entity,
                columns);
        event.put("format", format);
        emit(event);
    }

    /** The fields an inferred-schema warning opens with: the node, the dataset and the columns it names. */
    private Map<String, Object> inferenceLint(String name, NodeRef node, String connection, String entity,
            List<String> columns) {
        Map<String, Object> event = envelope(name);
        event.put("nodeId", node.id());
        event.put("connection", connection);
        event.put("entity", entity);
        event.put("columns", columns);
        return event;
    }

    @Override
    public synchronized void sourceDriftDetected(NodeRef node, String connection, String entity, String policy,
            List<SchemaChange> changes, List<SchemaColumn> observed, String hintsHash) {
        Map<String, Object> event = envelope("source_drift_detected");
        event.put("nodeId", node.id());
        event.put("connection", connection);
        event.put("entity", entity);
        event.put("policy", policy);
        List<Object> changeList = new ArrayList<>();
        for (SchemaChange change : changes) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("kind", change.kind());
            entry.put("column", change.column());
            entry.put("from", change.from());
            entry.put("to", change.to());
            changeList.add(entry);
        }
        event.put("changes", changeList);
        List<Object> columns = SchemaColumn.json(observed);
        event.put("observed", columns);
        event.put("hintsHash", hintsHash);
        emit(event);
    }

    @Override
    public synchronized void mergeKeyDuplicatesDetected(NodeRef node, String output, List<String> keys,
            long duplicateGroups, long extraRows) {
        Map<String, Object> event = envelope("merge_key_duplicates_detected");
        event.put("nodeId", node.id());
        event.put("output", output);
        event.put("keys", keys);
        event.put("duplicateGroups", duplicateGroups);
        event.put("extraRows", extraRows);
        emit(event);
    }

    @Override
    public synchronized void breakerStateChanged(String instance, String oldState, String newState, String trigger,
            long coolDownMs) {
        Map<String, Object> event = envelope("breaker_state_changed");
        event.put("instance", instance);
        event.put("oldState", oldState);
        event.put("newState", newState);
        event.put("trigger", trigger);
        event.put("coolDownMs", coolDownMs);
        emit(event);
    }

    @Override
    public synchronized void nodeCompleted(NodeResult result) {
        Map<String, Object> event = envelope("node_completed");
        event.put("nodeId", result.id());
        event.put("kind", result.kind().pascalName());
        event.put("name", result.name());
        event.put("status", result.status().word());
        event.put("rows", result.rows());
        event.put("durationMs", result.durationMs());
        event.put("errorCode", result.error() == null ? null : result.error().code().code());
        event.put("errorMessage", result.error() == null ? null : result.error().message());
        event.put("timings", timings(result.timings()));
        if (result.provenance() != null) {
            event.put("provenance", result.provenance());
        }
        if (result.cdc() != null) {
            event.put("cdc", result.cdc().json());
        }
        emit(event);
    }

    @Override
    public synchronized void runCompleted(RunStatus status, int succeeded, int failed, int skipped, long durationMs) {
        Map<String, Object> event = envelope("run_completed");
        event.put("status", status.word());
        event.put("succeeded", succeeded);
        event.put("failed", failed);
        event.put("skipped", skipped);
        event.put("durationMs", durationMs);
        emit(event);
    }

    /**
     * The final line, after {@code run_completed}, when retention swept a run's staging database or a
     * deletion failed; {@code runsSwept} counts the runs whose staging database went.
     */
    synchronized void retentionSwept(RunReport.Retention sweep) {
        Map<String, Object> event = envelope("retention_swept");
        event.put("runsSwept", sweep.stagingDeleted());
        event.put("bytesFreed", sweep.bytesFreed());
        event.put("failures", sweep.failures());
        emit(event);
    }

    private static Object timings(NodeResult.Timings timings) {
        if (timings == null) {
            return null;
        }
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("producerStallMs", timings.producerStallMs());
        map.put("consumerStallMs", timings.consumerStallMs());
        return map;
    }

    private Map<String, Object> envelope(String name) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("event", name);
        event.put("at", Formats.timestamp(clock.instant()));
        event.put("runId", runId);
        return event;
    }

    private void emit(Map<String, Object> event) {
        out.print(Formats.compactJson(event));
        out.print('\n');
        out.flush();
    }
}
