package dev.pz.engine.events;

/** What a run's events say about a node: its stable id, its kind and its name. */
public interface NodeRef {

    /** A content hash of the node's definition: stable across compiles. */
    String id();

    NodeKind kind();

    String name();
}
