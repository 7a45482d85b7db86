package dev.pz.engine.execute;

import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeResult;
import java.util.Optional;

/**
 * The bottleneck hint of a node that moved its data through an Arrow channel: when one side's
 * stall is at least 60% of the node's runtime, say which side held the other up (integer percent,
 * truncated). For a source load the consumer's stall is checked first, for a sink write the
 * producer's. The console prints it under the node's line; the run report shows it beside the
 * node's stall bars.
 */
public final class BottleneckHint {
    static final double THRESHOLD = 0.6;

    private BottleneckHint() {
    }

    public static Optional<String> of(NodeResult result) {
        return of(result.kind(), result.name(), result.durationMs(), result.timings());
    }

    /** The hint line for a node of {@code kind} that ran {@code durationMs}; empty without timings or a verdict. */
    public static Optional<String> of(NodeKind kind, String name, long durationMs, NodeResult.Timings timings) {
        if (timings == null || durationMs <= 0) {
            return Optional.empty();
        }
        long producer = timings.producerStallMs();
        long consumer = timings.consumerStallMs();
        if (kind == NodeKind.SOURCE_LOAD) {
            if (consumer >= THRESHOLD * durationMs) {
                return Optional.of(line(name, "source-bound — ingest idle", consumer, durationMs));
            }
            if (producer >= THRESHOLD * durationMs) {
                return Optional.of(line(name, "ingest-bound — reader idle", producer, durationMs));
            }
        } else if (kind == NodeKind.SINK_WRITE) {
            if (producer >= THRESHOLD * durationMs) {
                return Optional.of(line(name, "staging-bound — writer idle", producer, durationMs));
            }
            if (consumer >= THRESHOLD * durationMs) {
                return Optional.of(line(name, "sink-bound — staging idle", consumer, durationMs));
            }
        }
        return Optional.empty();
    }

    private static String line(String name, String verdict, long stall, long durationMs) {
        return "hint: " + name + ": " + verdict + " " + (stall * 100 / durationMs) + "% of the node's runtime";
    }
}
