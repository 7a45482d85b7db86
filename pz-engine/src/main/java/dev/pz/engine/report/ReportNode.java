package dev.pz.engine.report;

import dev.pz.engine.events.NodeResult;
import java.time.Instant;
import java.util.List;

/**
 * One node of a run as the report shows it: what run_results.json recorded (status, rows, duration,
 * error, channel stalls, provenance, when it started) joined with what dag.json planned (strategy,
 * reason, dependencies). {@code startedAt} is null for a node that never started (skipped, carried
 * forward); {@code strategy} is null when the run has no dag.json.
 */
public record ReportNode(String id, String kind, String name, String status, String provenance, long rows,
        long durationMs, String errorCode, String errorMessage, NodeResult.Timings timings, Instant startedAt,
        String strategy, String reason, List<String> dependsOn) {

    public ReportNode {
        dependsOn = List.copyOf(dependsOn);
    }

    /** When the node finished, from its start and duration; null when it never started. */
    public Instant finishedAt() {
        return startedAt == null ? null : startedAt.plusMillis(durationMs);
    }

    public boolean failed() {
        return "failed".equals(status);
    }
}
