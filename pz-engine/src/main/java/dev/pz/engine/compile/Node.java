package dev.pz.engine.compile;

import java.util.List;

/** A unit of work in the compiled DAG. Ids are content hashes: stable across compiles. */
public sealed interface Node permits SourceLoadNode, PipelineNode, CheckNode, SinkWriteNode {

    String id();

    NodeKind kind();

    String name();

    /** Ids of the nodes this one needs, ordinal-sorted. */
    List<String> dependsOn();

    /** Project-relative file that declares the node ({@code connections.yml} or the pipeline's .sql). */
    String file();
}
