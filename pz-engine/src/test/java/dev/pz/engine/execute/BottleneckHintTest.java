package dev.pz.engine.execute;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import org.junit.jupiter.api.Test;

/** The bottleneck hint lines under a universal node: which side waited, from 60% of the runtime up. */
class BottleneckHintTest {

    private static NodeResult result(NodeKind kind, long durationMs, long producerStall, long consumerStall) {
        return new NodeResult("id", kind, "n", NodeStatus.SUCCESS, 10, durationMs, null,
                new NodeResult.Timings(producerStall, consumerStall), null, null);
    }

    @Test
    void sourceLoadsReportTheConsumerStallFirst() {
        assertThat(BottleneckHint.of(result(NodeKind.SOURCE_LOAD, 1000, 700, 650)))
                .contains("hint: n: source-bound — ingest idle 65% of the node's runtime");
        assertThat(BottleneckHint.of(result(NodeKind.SOURCE_LOAD, 1000, 999, 10)))
                .contains("hint: n: ingest-bound — reader idle 99% of the node's runtime");
    }

    @Test
    void sinkWritesReportTheProducerStallFirst() {
        assertThat(BottleneckHint.of(result(NodeKind.SINK_WRITE, 300, 200, 290)))
                .contains("hint: n: staging-bound — writer idle 66% of the node's runtime");
        assertThat(BottleneckHint.of(result(NodeKind.SINK_WRITE, 300, 0, 180)))
                .contains("hint: n: sink-bound — staging idle 60% of the node's runtime");
    }

    @Test
    void noHintBelowTheThresholdOrWithoutAChannel() {
        assertThat(BottleneckHint.of(result(NodeKind.SOURCE_LOAD, 1000, 599, 599))).isEmpty();
        assertThat(BottleneckHint.of(new NodeResult("id", NodeKind.PIPELINE, "p", NodeStatus.SUCCESS, 1, 10, null,
                null, null, null))).isEmpty();
    }
}
