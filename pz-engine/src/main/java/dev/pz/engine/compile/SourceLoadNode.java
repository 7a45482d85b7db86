package dev.pz.engine.compile;

import dev.pz.connectors.api.ReadHints;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.model.ReadDef;
import java.util.List;

/**
 * Lands one dataset into {@code staging.<name>}. {@code read} holds the options from YAML or from
 * the {@code source()} call site ({@code declaredAtCallSite}). {@code incremental} is null for a
 * full read. {@code hints} are the read hints the dataset's connector will be given, already narrowed to its ColumnPruning / PredicatePushdown capabilities; null when
 * nothing is pushed.
 */
public record SourceLoadNode(String id, String name, String connection, String entity, ReadDef read,
        boolean declaredAtCallSite, Incremental incremental, ReadHints hints) implements Node {

    public SourceLoadNode(String id, String name, String connection, String entity, ReadDef read,
            boolean declaredAtCallSite, Incremental incremental) {
        this(id, name, connection, entity, read, declaredAtCallSite, incremental, null);
    }

    @Override
    public NodeKind kind() {
        return NodeKind.SOURCE_LOAD;
    }

    @Override
    public List<String> dependsOn() {
        return List.of();
    }

    @Override
    public String file() {
        return "connections.yml";
    }

    /** {@code <connection>.<entity>}: the dataset's key in state files. */
    public String datasetKey() {
        return connection + "." + entity;
    }

    public String relation() {
        return "staging." + name;
    }
}
