package dev.pz.engine.execute;

/**
 * What an executor reports back for a node that finished without throwing: rows moved, and for a
 * check the violations it found (a check with violations fails with PZ0510), the watermark candidate
 * of an incremental source load, and the channel stalls of a node that used the universal tier.
 */
public record NodeOutcome(long rows, dev.pz.connectors.api.error.PzError failure, WatermarkCandidate watermark,
        NodeResult.Timings timings) {

    public NodeOutcome(long rows, dev.pz.connectors.api.error.PzError failure) {
        this(rows, failure, null, null);
    }

    public static NodeOutcome rows(long rows) {
        return new NodeOutcome(rows, null, null, null);
    }
}
