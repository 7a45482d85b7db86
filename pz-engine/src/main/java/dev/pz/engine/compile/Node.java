package dev.pz.engine.compile;

import dev.pz.engine.events.NodeRef;
import java.util.List;

/** A unit of work in the compiled DAG. Ids are content hashes: stable across compiles. */
public sealed interface Node extends NodeRef permits SourceLoadNode, PipelineNode, CheckNode, SinkWriteNode {

    /** Ids of the nodes this one needs, ordinal-sorted. */
    List<String> dependsOn();

    /** Project-relative file that declares the node ({@code connections.yml} or the pipeline's .sql). */
    String file();
}
