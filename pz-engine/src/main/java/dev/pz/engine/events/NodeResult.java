package dev.pz.engine.events;

import dev.pz.connectors.api.error.PzError;


/**
 * One node's terminal result: status, rows moved (violations for checks), total duration, and the
 * error of a failed node. {@code timings} is present only for nodes that went through an Arrow
 * channel; {@code provenance} only for reused or carried-forward nodes; {@code watermark} only for an
 * incremental source load that found rows.
 */
public record NodeResult(String id, NodeKind kind, String name, NodeStatus status, long rows, long durationMs,
        PzError error, Timings timings, String provenance, WatermarkCandidate watermark) {

    public static NodeResult success(NodeRef node, long rows, long durationMs) {
        return new NodeResult(node.id(), node.kind(), node.name(), NodeStatus.SUCCESS, rows, durationMs, null, null,
                null, null);
    }

    public static NodeResult failed(NodeRef node, PzError error, long rows, long durationMs) {
        return new NodeResult(node.id(), node.kind(), node.name(), NodeStatus.FAILED, rows, durationMs, error, null,
                null, null);
    }

    public static NodeResult skipped(NodeRef node) {
        return new NodeResult(node.id(), node.kind(), node.name(), NodeStatus.SKIPPED, 0, 0, null, null, null, null);
    }

    /** A node that was running when the run was cancelled; it ran for {@code durationMs}. */
    public static NodeResult cancelled(NodeRef node, long durationMs) {
        return new NodeResult(node.id(), node.kind(), node.name(), NodeStatus.CANCELLED, 0, durationMs, null, null,
                null, null);
    }

    public NodeResult withDuration(long totalMs) {
        return new NodeResult(id, kind, name, status, rows, totalMs, error, timings, provenance, watermark);
    }

    public NodeResult withProvenance(String origin) {
        return new NodeResult(id, kind, name, status, rows, durationMs, error, timings, origin, watermark);
    }

    public NodeResult withTimings(Timings stalls) {
        return new NodeResult(id, kind, name, status, rows, durationMs, error, stalls, provenance, watermark);
    }

    public NodeResult withError(PzError failure) {
        return new NodeResult(id, kind, name, status, rows, durationMs, failure, timings, provenance, watermark);
    }

    public NodeResult withWatermark(WatermarkCandidate candidate) {
        return new NodeResult(id, kind, name, status, rows, durationMs, error, timings, provenance, candidate);
    }

    /** Time the producer waited for the consumer and the consumer for the producer, in ms. */
    public record Timings(long producerStallMs, long consumerStallMs) {
    }
}
