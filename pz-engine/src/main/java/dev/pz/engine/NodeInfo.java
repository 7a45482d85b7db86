package dev.pz.engine;

import dev.pz.engine.events.NodeKind;
import java.util.List;

/** One node of the compiled DAG as {@code pz ls} lists it; {@code tags} only for pipelines. */
public record NodeInfo(String id, NodeKind kind, String name, List<String> tags) {

    public NodeInfo {
        tags = List.copyOf(tags);
    }
}
