package dev.pz.engine.events;

import dev.pz.connectors.api.error.PzError;

/**
 * The machine, not the project, stopped the engine: permission denied (PZ0531), disk full (PZ0532)
 * or a file locked by another process (PZ0533) under the project or a sink's target. Not a bug in
 * pz and not a configuration error: the console prints {@link #error()} and exits 3.
 */
public final class EnvironmentFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient PzError error;

    public EnvironmentFailure(PzError error, Throwable cause) {
        super(error.render(), cause);
        this.error = error;
    }

    public PzError error() {
        return error;
    }
}
