package dev.pz.engine;

import dev.pz.engine.execute.Cancellation;

/**
 * The caller's handle on a run in flight: {@link #cancel} stops it cleanly (running statements
 * are interrupted, pending nodes skipped, the run recorded as fatal, no state advanced). Safe to call
 * from any thread, e.g. a signal handler, before or during the run.
 */
public final class RunControl {
    private final Cancellation cancellation = new Cancellation();

    public void cancel() {
        cancellation.cancel();
    }

    /** Cancels with the reason the run's cancellation line names, e.g. {@code SIGINT}. */
    public void cancel(String reason) {
        cancellation.cancel(reason);
    }

    public boolean isCancelled() {
        return cancellation.isCancelled();
    }

    Cancellation cancellation() {
        return cancellation;
    }
}
