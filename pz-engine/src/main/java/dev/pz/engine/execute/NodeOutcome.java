package dev.pz.engine.execute;

import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.WatermarkCandidate;

/**
 * What an executor reports back for a node that finished without throwing: rows moved, and for a
 * check the violations it found (a check with violations fails with PZ0510), the watermark candidate
 * of an incremental source load, the channel stalls of a node that used the universal tier, and
 * {@code reused} for a source load a retry copied from the prior run, and the change counts of a
 * change-capture source load.
 */
record NodeOutcome(long rows, dev.pz.connectors.api.error.PzError failure, WatermarkCandidate watermark,
        NodeResult.Timings timings, String provenance, dev.pz.engine.events.ChangeCounts cdc) {

    NodeOutcome(long rows, dev.pz.connectors.api.error.PzError failure, WatermarkCandidate watermark,
            NodeResult.Timings timings, String provenance) {
        this(rows, failure, watermark, timings, provenance, null);
    }

    public NodeOutcome(long rows, dev.pz.connectors.api.error.PzError failure) {
        this(rows, failure, null, null, null);
    }

    public static NodeOutcome rows(long rows) {
        return new NodeOutcome(rows, null, null, null, null);
    }
}
