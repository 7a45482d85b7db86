package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A run's cancellation: a flag every executor checks between steps, and the DuckDB connections in
 * use, whose running statements are interrupted when the run is cancelled.
 */
public final class Cancellation {
    private volatile boolean cancelled;
    private final Set<DuckConnection> active = ConcurrentHashMap.newKeySet();

    public boolean isCancelled() {
        return cancelled;
    }

    public void cancel() {
        cancelled = true;
        active.forEach(DuckConnection::cancel);
    }

    /** Registers a connection for the duration of a node; a cancelled run interrupts it. */
    public void track(DuckConnection connection) {
        active.add(connection);
        if (cancelled) {
            connection.cancel();
        }
    }

    public void untrack(DuckConnection connection) {
        active.remove(connection);
    }

    /** Thrown by executors that observe a cancelled run; the dispatcher records the node skipped. */
    public static final class CancelledException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public CancelledException() {
            super("run cancelled");
        }
    }
}
