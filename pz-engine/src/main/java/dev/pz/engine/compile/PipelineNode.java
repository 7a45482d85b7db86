package dev.pz.engine.compile;

import dev.pz.engine.events.NodeKind;
import dev.pz.engine.model.Materialization;
import java.util.List;

/**
 * Materializes one pipeline as {@code staging.<name>}. {@code sql} is the final executed SQL:
 * ephemeral dependencies inlined as CTEs, the INSERT prefix stripped, LF line ends, watermark
 * sentinels still in place. {@code outputs} lists the sinks it feeds as {@code <conn>.<entity>}.
 */
public record PipelineNode(String id, String name, String file, Materialization materialization, String sql,
        List<String> tags, List<String> dependsOn, List<SinkBinding> outputs) implements Node {

    public PipelineNode {
        tags = List.copyOf(tags);
        dependsOn = List.copyOf(dependsOn);
        outputs = List.copyOf(outputs);
    }

    @Override
    public NodeKind kind() {
        return NodeKind.PIPELINE;
    }

    public String relation() {
        return "staging." + name;
    }
}
