package dev.pz.engine.execute;

import dev.pz.connectors.api.error.PzError;

/**
 * A node exceeded {@code engine.node_timeout} and did not stop within the grace period after being
 * cancelled (PZ0526). Thrown rather than returned: it says something about the whole run, whose
 * remaining nodes the dispatcher cancels, since the abandoned work may still hold shared resources.
 */
public final class NodeUnresponsiveException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient PzError error;

    NodeUnresponsiveException(PzError error) {
        super(error.message());
        this.error = error;
    }

    public PzError error() {
        return error;
    }
}
