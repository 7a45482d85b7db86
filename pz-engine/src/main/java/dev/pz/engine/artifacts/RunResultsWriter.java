package dev.pz.engine.artifacts;

import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.compile.Node;
import dev.pz.engine.execute.NodeResult;
import dev.pz.engine.execute.RunListener;
import dev.pz.engine.execute.RunStatus;
import dev.pz.engine.json.AtomicFiles;
import dev.pz.engine.json.Json;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code .pz/runs/<runId>/run_results.json} current: rewritten (temp file, then rename) after
 * every node completion with status {@code running}, and once more at the very end with the
 * terminal status. A crash before the end leaves {@code running}, which {@code pz retry} refuses.
 * After the reference's fields (whose order and node entries stay as documented) it appends
 * {@code nodeStarts}, when each node that started did so (by node id, in start order), and the
 * run's measured {@code peakMemory}.
 */
public final class RunResultsWriter implements RunListener {
    private final Path file;
    private final String runId;
    private final String startedAt;
    private final Clock clock;
    private final PrintWriter warnings;
    private final List<NodeResult> nodes = new ArrayList<>();
    private final Map<String, String> nodeStarts = new LinkedHashMap<>();
    private PeakMemory peakMemory;
    private boolean warned;

    public RunResultsWriter(Path runDirectory, String runId, String startedAt, Clock clock, PrintWriter warnings) {
        this.file = runDirectory.resolve("run_results.json");
        this.runId = runId;
        this.startedAt = startedAt;
        this.clock = clock;
        this.warnings = warnings;
    }

    public Path file() {
        return file;
    }

    @Override
    public synchronized void nodeStarted(Node node) {
        nodeStarts.put(node.id(), Timestamps.format(clock.instant()));
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

    /** The last durable act of a run. */
    public synchronized void writeTerminal(RunStatus status) {
        write(status, Timestamps.format(clock.instant()));
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
        nodes.forEach(node -> entries.add(entry(node)));
        root.put("nodes", entries);
        root.put("nodeStarts", new LinkedHashMap<String, Object>(nodeStarts));
        if (peakMemory != null) {
            root.put("peakMemory", peakMemory.json());
        }
        try {
            AtomicFiles.writeString(file, Json.compact(root) + "\n");
        } catch (RuntimeException e) {
            if (!warned) {
                warned = true;
                warnings.println("warning: could not write run_results.json (" + e.getMessage()
                        + "); resume/retry data may be stale");
            }
        }
    }

    static Map<String, Object> entry(NodeResult node) {
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
