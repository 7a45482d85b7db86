package dev.pz.engine.compile;

import dev.pz.engine.events.NodeKind;
import dev.pz.engine.model.CheckDef;
import java.util.List;

/** Runs one sidecar check against its pipeline's relation; never gates the pipeline's sinks. */
public record CheckNode(String id, String name, String pipeline, String file, CheckDef check, boolean sampleValues,
        List<String> dependsOn) implements Node {

    public CheckNode {
        dependsOn = List.copyOf(dependsOn);
    }

    @Override
    public NodeKind kind() {
        return NodeKind.CHECK;
    }
}
