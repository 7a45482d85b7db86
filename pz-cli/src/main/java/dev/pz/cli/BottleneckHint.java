package dev.pz.cli;

import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeResult;
import java.util.Optional;

/**
 * The bottleneck hint of a node that moved its data through an Arrow channel: when one side's
 * stall is at least 60% of the node's runtime, say which side held the other up (integer percent,
 * truncated). For a source load the consumer's stall is checked first, for a sink write the
 * producer's.
 */
final class BottleneckHint {
    static final double THRESHOLD = 0.6;

    private BottleneckHint() {
    }

    static Optional<String> of(NodeResult result) {
        NodeResult.Timings timings = result.timings();
        if (timings == null || result.durationMs() <= 0) {
            return Optional.empty();
        }
        long duration = result.durationMs();
        long producer = timings.producerStallMs();
        long consumer = timings.consumerStallMs();
        if (result.kind() == NodeKind.SOURCE_LOAD) {
            if (consumer >= THRESHOLD * duration) {
                return Optional.of(line(result, "source-bound — ingest idle", consumer));
            }
            if (producer >= THRESHOLD * duration) {
                return Optional.of(line(result, "ingest-bound — reader idle", producer));
            }
        } else if (result.kind() == NodeKind.SINK_WRITE) {
            if (producer >= THRESHOLD * duration) {
                return Optional.of(line(result, "staging-bound — writer idle", producer));
            }
            if (consumer >= THRESHOLD * duration) {
                return Optional.of(line(result, "sink-bound — staging idle", consumer));
            }
        }
        return Optional.empty();
    }

    private static String line(NodeResult result, String verdict, long stall) {
        return "hint: " + result.name() + ": " + verdict + " " + (stall * 100 / result.durationMs())
                + "% of the node's runtime";
    }
}
