package dev.pz.engine.events;

import dev.pz.connectors.api.error.PzError;


/**
 * One node's terminal result: status, rows moved (violations for checks), total duration, and the
 * error of a failed node. {@code timings} is present only for nodes that went through an Arrow
 * channel; {@code provenance} only for reused or carried-forward nodes; {@code watermark} only for an
 * incremental source load that found rows; {@code cdc} only for a change-capture source load.
 */
public record NodeResult(String id, NodeKind kind, String name, NodeStatus status, long rows, long durationMs,
        PzError error, Timings timings, String provenance, WatermarkCandidate watermark, ChangeCounts cdc) {

    /** A result without change counts. */
    public NodeResult(String id, NodeKind kind, String name, NodeStatus status, long rows, long durationMs,
            PzError error, Timings timings, String provenance, WatermarkCandidate watermark) {
        this(id, kind, name, status, rows, durationMs, error, timings, provenance, watermark, null);
    }

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
        return new NodeResult(id, kind, name, status, rows, totalMs, error, timings, provenance, watermark, cdc);
    }

    public NodeResult withProvenance(String origin) {
        return new NodeResult(id, kind, name, status, rows, durationMs, error, timings, origin, watermark, cdc);
    }

    public NodeResult withTimings(Timings stalls) {
        return new NodeResult(id, kind, name, status, rows, durationMs, error, stalls, provenance, watermark, cdc);
    }

    public NodeResult withError(PzError failure) {
        return new NodeResult(id, kind, name, status, rows, durationMs, failure, timings, provenance, watermark, cdc);
    }

    public NodeResult withWatermark(WatermarkCandidate candidate) {
        return new NodeResult(id, kind, name, status, rows, durationMs, error, timings, provenance, candidate, cdc);
    }

    public NodeResult withCdc(ChangeCounts counts) {
        return new NodeResult(id, kind, name, status, rows, durationMs, error, timings, provenance, watermark, counts);
    }

    /** Time the producer waited for the consumer and the consumer for the producer, in ms. */
    public record Timings(long producerStallMs, long consumerStallMs) {
    }
}
