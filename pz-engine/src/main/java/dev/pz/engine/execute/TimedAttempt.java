package dev.pz.engine.execute;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.compile.Node;
import dev.pz.engine.load.Durations;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * One attempt bounded by {@code engine.node_timeout}. The attempt runs on a thread of its own, so
 * that the node's thread can stop waiting for work that ignores cancellation. When the timeout
 * passes, the attempt's scope is cancelled and the work gets a grace period to unwind: work that
 * stops in time has timed out (PZ0525); work that does not is abandoned (PZ0526). When the run
 * itself is cancelled first, the same grace applies and the outcome is a cancellation.
 */
final class TimedAttempt {
    /** How long cancelled work has to stop. Cooperative code stops in milliseconds; this only has to
     * outlast a connector closing a socket or DuckDB interrupting a statement. */
    static final Duration STOP_GRACE = Duration.ofSeconds(30);
    /** Lets tests shorten {@link #STOP_GRACE} (milliseconds); not a user setting. */
    static final String STOP_GRACE_PROPERTY = "pz.internal.stopGraceMs";
    static final String TIMEOUT_REASON = "engine.node_timeout";

    private TimedAttempt() {
    }

    /** The grace period: {@link #STOP_GRACE} unless the internal property shortens it. */
    static Duration stopGrace() {
        String configured = System.getProperty(STOP_GRACE_PROPERTY);
        return configured == null ? STOP_GRACE : Duration.ofMillis(Long.parseLong(configured));
    }

    /**
     * Runs {@code work} under {@code scope} (the attempt's own), at most {@code timeout}.
     *
     * @throws NodeTimedOutException when the timeout passed and the work then stopped
     * @throws NodeUnresponsiveException when the timeout passed and the work did not stop within the grace
     * @throws Cancellation.CancelledException when the scope was cancelled from outside
     */
    static NodeOutcome run(Node node, int attempt, Duration timeout, Duration grace, Cancellation scope,
            Supplier<NodeOutcome> work, AbandonedWork abandoned) {
        CompletableFuture<NodeOutcome> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(work.get());
            } catch (Throwable failure) {
                result.completeExceptionally(failure);
            }
        }, "pz-attempt-" + node.name());
        thread.setDaemon(true);
        CompletableFuture<Void> stopRequested = new CompletableFuture<>();
        Cancellable wake = () -> stopRequested.complete(null);
        scope.track(wake);
        try {
            thread.start();
            boolean timedOut = !finishes(CompletableFuture.anyOf(result, stopRequested), timeout);
            if (timedOut) {
                scope.cancel(TIMEOUT_REASON);
            }
            if (!finishes(result, grace)) {
                abandoned.add(thread);
                if (!timedOut) {
                    throw new Cancellation.CancelledException();
                }
                throw new NodeUnresponsiveException(PzError.of(PzCode.NODE_UNRESPONSIVE, "node '" + node.name()
                        + "' exceeded engine.node_timeout (" + Durations.format(timeout) + ") on attempt " + attempt
                        + ", was cancelled, and did not stop within " + Durations.format(grace) + "; the rest of "
                        + "the run is cancelled because the abandoned work may still hold the run's DuckDB "
                        + "connection or a connector handle.").withHint("something under this node ignores "
                                + "cancellation; report it against the connector. `pz retry` reruns the node and "
                                + "everything skipped behind it"));
            }
            if (!result.isCompletedExceptionally()) {
                // It finished in the instant between the timer and the cancel: the work is done.
                return result.join();
            }
            if (timedOut) {
                throw new NodeTimedOutException(PzError.of(PzCode.NODE_TIMED_OUT, "node '" + node.name()
                        + "' exceeded engine.node_timeout (" + Durations.format(timeout) + ") on attempt " + attempt
                        + " and was cancelled.").withHint("raise engine.node_timeout in project.yml if this node "
                                + "is legitimately that slow, otherwise check what it was waiting on; `pz retry` "
                                + "reruns it"));
            }
            throw rethrowable(result);
        } finally {
            scope.untrack(wake);
        }
    }

    /** Waits up to {@code limit}; true when {@code future} completed, either way. */
    private static boolean finishes(CompletableFuture<?> future, Duration limit) {
        try {
            future.get(limit.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Cancellation.CancelledException();
        }
    }

    private static RuntimeException rethrowable(CompletableFuture<NodeOutcome> result) {
        try {
            result.join();
            throw new IllegalStateException("the attempt completed normally");
        } catch (java.util.concurrent.CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                return runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            return new IllegalStateException(cause);
        }
    }

    /** The attempt exceeded {@code engine.node_timeout} and stopped when cancelled (PZ0525). */
    static final class NodeTimedOutException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient PzError error;

        NodeTimedOutException(PzError error) {
            super(error.message());
            this.error = error;
        }

        PzError error() {
            return error;
        }
    }
}
