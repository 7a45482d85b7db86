package dev.pz.engine;

import dev.pz.engine.events.NodeKind;
import java.util.List;

/**
 * One node of the compiled DAG as {@code pz ls} lists it: the ids of the nodes it depends on;
 * {@code tags} only for pipelines; {@code dataset} ({@code <connection>.<entity>}) only for source
 * loads (the key of its state) and sink writes, null otherwise.
 */
public record NodeInfo(String id, NodeKind kind, String name, List<String> dependsOn, List<String> tags,
        String dataset) {

    public NodeInfo {
        dependsOn = List.copyOf(dependsOn);
        tags = List.copyOf(tags);
    }
}
