package dev.pz.engine.events;

/**
 * What a run reports as it goes. Callbacks come from dispatcher threads; an implementation must be
 * thread-safe and must not throw (the dispatcher ignores what it throws).
 */
public interface RunListener {

    default void runStarted(String runId, String projectName, int nodeCount) {
    }

    default void nodeStarted(NodeRef node) {
    }

    /** Every 10 batches of a node that moves Arrow batches: rows, approximate bytes, batches so far. */
    default void nodeProgress(NodeRef node, long rows, long bytes, long batches) {
    }

    default void retryScheduled(NodeRef node, int attempt, int maxAttempts, long delayMs, String reason) {
    }

    /**
     * A connection's circuit breaker changed state. {@code instance} is {@code conn:<connection>};
     * states are {@code closed}, {@code open} and {@code half_open}; {@code coolDownMs} is the wait
     * on a transition into {@code open}, 0 otherwise.
     */
    default void breakerStateChanged(String instance, String oldState, String newState, String trigger,
            long coolDownMs) {
    }

    default void nodeCompleted(NodeResult result) {
    }

    default void runCompleted(RunStatus status, int succeeded, int failed, int skipped, long durationMs) {
    }

    /** Several listeners as one, each shielded from the others' failures. */
    static RunListener all(RunListener... listeners) {
        return new RunListeners(java.util.List.of(listeners));
    }
}
