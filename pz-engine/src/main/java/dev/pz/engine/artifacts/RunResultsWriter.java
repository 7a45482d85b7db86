package dev.pz.engine.artifacts;

import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.events.NodeRef;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.events.SchemaColumn;
import dev.pz.engine.json.AtomicFiles;
import dev.pz.engine.json.Json;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code .pz/runs/<runId>/run_results.json} current: written (temp file, then rename) once
 * before the first node starts and after every node completion with status {@code running}, and
 * once more at the very end with the terminal status. A crash before the end leaves {@code running},
 * which {@code pz runs} lists and {@code pz retry} refuses as interrupted. A snapshot that cannot be
 * written (a full disk) leaves the previous one in place; the run asks {@link #lastFailure()} at the
 * end to say truthfully what the file holds.
 * After the reference's fields (whose order and node entries stay as documented) it appends
 * {@code nodeStarts}, when each node that started did so (by node id, in start order), and the
 * run's measured {@code peakMemory}.
 */
public final class RunResultsWriter implements RunListener {
    private final Path file;
    private final String runId;
    private final String startedAt;
    private final Clock clock;
    private final List<NodeResult> nodes = new ArrayList<>();
    private final Map<String, Map<String, Object>> observedSchemas = new HashMap<>();
    private RuntimeException lastFailure;
    private final Map<String, String> nodeStarts = new LinkedHashMap<>();
    private PeakMemory peakMemory;

    public RunResultsWriter(Path runDirectory, String runId, String startedAt, Clock clock) {
        this.file = runDirectory.resolve("run_results.json");
        this.runId = runId;
        this.startedAt = startedAt;
        this.clock = clock;
    }

    public Path file() {
        return file;
    }

    /**
     * The first snapshot, before any node runs. A run that cannot record even this must not start:
     * nothing would tell {@code pz runs} or {@code pz retry} that it ever ran.
     *
     * @throws RuntimeException the write's failure
     */
    public synchronized void writeStarted() {
        write(RunStatus.RUNNING, null);
        if (lastFailure != null) {
            throw lastFailure;
        }
    }

    @Override
    public synchronized void nodeStarted(NodeRef node) {
        nodeStarts.put(node.id(), Timestamps.format(clock.instant()));
    }

    @Override
    public synchronized void schemaObserved(NodeRef node, List<SchemaColumn> observed, String hintsHash) {
        List<Object> columns = SchemaColumn.json(observed);
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("columns", columns);
        schema.put("hintsHash", hintsHash);
        observedSchemas.put(node.id(), schema);
    }

    @Override
    public synchronized void nodeCompleted(NodeResult result) {
        nodes.add(result);
        write(RunStatus.RUNNING, null);
    }

    /** The run's measured peak memory, written with every later snapshot. */
    public synchronized void peakMemory(PeakMemory measured) {
        this.peakMemory = measured;
    }

    /** The snapshot written after execution, before state advancement: still {@code running}. */
    public synchronized void writeRunning() {
        write(RunStatus.RUNNING, null);
    }

    /** The last durable act of a run; whether the file now holds the terminal status. */
    public synchronized boolean writeTerminal(RunStatus status) {
        write(status, Timestamps.format(clock.instant()));
        return lastFailure == null;
    }

    /** Why the latest write failed, or null when the file holds the latest snapshot. */
    public synchronized RuntimeException lastFailure() {
        return lastFailure;
    }

    private void write(RunStatus status, String finishedAt) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", 1L);
        root.put("runId", runId);
        root.put("status", status.word());
        root.put("startedAt", startedAt);
        if (finishedAt != null) {
            root.put("finishedAt", finishedAt);
        }
        List<Object> entries = new ArrayList<>();
        nodes.forEach(node -> entries.add(entry(node, observedSchemas.get(node.id()))));
        root.put("nodes", entries);
        root.put("nodeStarts", new LinkedHashMap<String, Object>(nodeStarts));
        if (peakMemory != null) {
            root.put("peakMemory", peakMemory.json());
        }
        try {
            AtomicFiles.writeString(file, Json.compact(root) + "\n");
            lastFailure = null;
        } catch (RuntimeException e) {
            lastFailure = e;
        }
    }

    static Map<String, Object> entry(NodeResult node, Map<String, Object> observedSchema) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", node.id());
        entry.put("kind", node.kind().pascalName());
        entry.put("name", node.name());
        entry.put("status", node.status().word());
        if (node.provenance() != null) {
            entry.put("provenance", node.provenance());
        }
        entry.put("rows", node.rows());
        entry.put("durationMs", node.durationMs());
        entry.put("error", error(node.error()));
        if (node.timings() != null) {
            Map<String, Object> timings = new LinkedHashMap<>();
            timings.put("producerStallMs", node.timings().producerStallMs());
            timings.put("consumerStallMs", node.timings().consumerStallMs());
            entry.put("timings", timings);
        }
        if (node.cdc() != null) {
            entry.put("cdc", node.cdc().json());
        }
        if (observedSchema != null) {
            entry.put("observed_schema", observedSchema);
        }
        if (node.watermark() != null) {
            Map<String, Object> watermark = new LinkedHashMap<>();
            watermark.put("cursor", node.watermark().cursor());
            watermark.put("type", node.watermark().type());
            watermark.put("value", node.watermark().value());
            entry.put("watermark", watermark);
        }
        return entry;
    }

    private static Object error(PzError error) {
        if (error == null) {
            return null;
        }
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("code", error.code().code());
        map.put("message", error.message());
        return map;
    }
}
