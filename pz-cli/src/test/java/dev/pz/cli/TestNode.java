package dev.pz.cli;

import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeRef;

/** A node as run events name it, for renderer tests that need no compiled project. */
record TestNode(String id, NodeKind kind, String name) implements NodeRef {

    static TestNode source(String id, String name) {
        return new TestNode(id, NodeKind.SOURCE_LOAD, name);
    }

    static TestNode sink(String id, String name) {
        return new TestNode(id, NodeKind.SINK_WRITE, name);
    }
}
