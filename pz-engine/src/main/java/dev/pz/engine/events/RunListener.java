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

    /**
     * A node started moving data and can say how far it got: {@code meter} may be read from any
     * thread until the node completes. Sent only to a listener whose {@link #wantsMeters()} is true.
     */
    default void nodeMetered(NodeRef node, NodeMeter meter) {
    }

    /**
     * Whether this listener reads meters. Tracking a DuckDB statement's progress costs a little, so
     * the engine tracks it only when a listener asks.
     */
    default boolean wantsMeters() {
        return false;
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

    /**
     * The columns a contract-less source load staged, when {@code on_source_drift} is {@code warn} or
     * {@code fail}; {@code hintsHash} identifies the read shape they were observed under. Recorded as
     * the node's {@code observed_schema}, which {@code pz schema accept} adopts.
     */
    default void schemaObserved(NodeRef node, java.util.List<SchemaColumn> observed, String hintsHash) {
    }

    /**
     * A native read with an inferred schema staged {@code columns} as DOUBLE though they hold only
     * whole numbers beyond 2^53, so digits may have been lost. Before the node's {@link #nodeCompleted}.
     */
    default void lossyIntegerInferenceDetected(NodeRef node, String connection, String entity,
            java.util.List<String> columns) {
    }

    /**
     * A native csv read with an inferred schema parsed {@code columns} with the year-last date or
     * timestamp {@code format} DuckDB's sniffer chose, though every value's day is at most 12: the
     * values fit day-first and month-first alike. After any {@link #lossyIntegerInferenceDetected},
     * before the node's {@link #nodeCompleted}.
     */
    default void ambiguousDateInferenceDetected(NodeRef node, String connection, String entity,
            java.util.List<String> columns, String format) {
    }

    /**
     * The staged columns of {@code connection.entity} differ from its accepted baseline; {@code policy}
     * is {@code warn} (the load goes on) or {@code fail} (it fails with PZ0331). Before the node's
     * {@link #nodeCompleted}.
     */
    default void sourceDriftDetected(NodeRef node, String connection, String entity, String policy,
            java.util.List<SchemaChange> changes, java.util.List<SchemaColumn> observed, String hintsHash) {
    }

    /**
     * A merge write's staged rows hold {@code duplicateGroups} key groups more than once,
     * {@code extraRows} rows beyond one per key; the destination keeps one row per key. Before the
     * node's {@link #nodeCompleted}.
     */
    default void mergeKeyDuplicatesDetected(NodeRef node, String output, java.util.List<String> keys,
            long duplicateGroups, long extraRows) {
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
