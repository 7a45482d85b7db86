package dev.pz.engine.compile;

import dev.pz.engine.events.NodeKind;
import dev.pz.engine.model.WriteDef;
import java.util.List;

/** Drains its claimant pipeline's relation to one output. Named {@code <connection>.<entity>}. */
public record SinkWriteNode(String id, String name, String connection, String entity, String pipeline,
        WriteDef write, boolean declaredAtCallSite, List<String> dependsOn) implements Node {

    public SinkWriteNode {
        dependsOn = List.copyOf(dependsOn);
    }

    @Override
    public NodeKind kind() {
        return NodeKind.SINK_WRITE;
    }

    @Override
    public String file() {
        return "connections.yml";
    }
}
