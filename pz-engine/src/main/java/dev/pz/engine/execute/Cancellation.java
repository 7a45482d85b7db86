package dev.pz.engine.execute;

import dev.pz.connectors.api.Cancellable;
import dev.pz.duckdb.DuckConnection;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A scope of work that can be told to stop. A run has one scope for the user (a stop signal cancels
 * it), a child for the dispatcher (fail-fast and an unresponsive node cancel that one, so the user's
 * stays clean), and a child of that per node attempt (a node timeout cancels only its attempt). A
 * scope is cancelled when it or an ancestor is.
 *
 * <p>Cancelling a scope calls {@link Cancellable#cancel()} once on everything tracked in it or its
 * descendants. A DuckDB connection is cancelled again every {@value #REPEAT_MS} ms until it is
 * untracked: an interrupt that reaches DuckDB just before a statement starts is lost, and the
 * executor may start one more statement before it looks at the flag.
 */
public final class Cancellation {
    static final long REPEAT_MS = 25;
    private static final ScheduledExecutorService REPEATER = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "pz-cancel");
        thread.setDaemon(true);
        return thread;
    });

    private final Cancellation parent;
    private final Set<Cancellation> children = ConcurrentHashMap.newKeySet();
    private final Set<Cancellable> tracked = ConcurrentHashMap.newKeySet();
    private final Set<DuckConnection> connections = ConcurrentHashMap.newKeySet();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile String reason;
    private ScheduledFuture<?> repeating;

    public Cancellation() {
        this(null);
    }

    private Cancellation(Cancellation parent) {
        this.parent = parent;
    }

    /** A scope cancelled whenever this one is, which can also be cancelled on its own. */
    public Cancellation child() {
        Cancellation child = new Cancellation(this);
        children.add(child);
        String why = reason();
        if (why != null) {
            child.cancel(why);
        }
        return child;
    }

    public boolean isCancelled() {
        return reason() != null;
    }

    /** Why this scope or its nearest cancelled ancestor was cancelled; null while it is not. */
    public String reason() {
        for (Cancellation scope = this; scope != null; scope = scope.parent) {
            String why = scope.reason;
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    public void cancel() {
        cancel("cancelled");
    }

    /** Cancels this scope and every child; idempotent (the first reason stays). */
    public void cancel(String why) {
        synchronized (this) {
            if (reason != null) {
                return;
            }
            reason = why;
        }
        stopped.countDown();
        tracked.forEach(Cancellation::quietly);
        children.forEach(child -> child.cancel(why));
        repeatOnConnections();
    }

    /** Throws {@link CancelledException} when this scope is cancelled. */
    public void throwIfCancelled() {
        if (isCancelled()) {
            throw new CancelledException();
        }
    }

    /** Waits {@code duration} unless the scope is cancelled first, which throws {@link CancelledException}. */
    public void sleep(Duration duration) {
        throwIfCancelled();
        try {
            if (stopped.await(Math.max(0, duration.toNanos()), TimeUnit.NANOSECONDS)) {
                throw new CancelledException();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        }
    }

    /** Registers work to cancel when this scope is cancelled (at once when it already is). */
    public void track(Cancellable work) {
        tracked.add(work);
        if (isCancelled()) {
            quietly(work);
        }
    }

    public void untrack(Cancellable work) {
        tracked.remove(work);
    }

    /**
     * Tracks {@code work} while the returned registration is open, when it is {@link Cancellable}
     * (a connector's reader or write session); otherwise there is nothing to stop but between calls.
     */
    public Registration trackWhileOpen(Object work) {
        if (!(work instanceof Cancellable cancellable)) {
            return () -> { };
        }
        track(cancellable);
        return () -> untrack(cancellable);
    }

    /** An open {@link #trackWhileOpen} registration; closing it untracks the work. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** Registers a node's DuckDB connection; a cancelled scope interrupts it until it is untracked. */
    public void track(DuckConnection connection) {
        connections.add(connection);
        if (isCancelled()) {
            repeatOnConnections();
        }
    }

    public void untrack(DuckConnection connection) {
        connections.remove(connection);
    }

    private synchronized void repeatOnConnections() {
        if (repeating != null || connections.isEmpty() || reason() == null) {
            return;
        }
        connections.forEach(DuckConnection::cancel);
        repeating = REPEATER.scheduleWithFixedDelay(this::cancelConnectionsAgain, REPEAT_MS, REPEAT_MS,
                TimeUnit.MILLISECONDS);
    }

    private void cancelConnectionsAgain() {
        synchronized (this) {
            if (connections.isEmpty()) {
                repeating.cancel(false);
                repeating = null;
                return;
            }
        }
        connections.forEach(DuckConnection::cancel);
    }

    private static void quietly(Cancellable work) {
        try {
            work.cancel();
        } catch (RuntimeException ignored) {
            // A cancel is a request; whatever it threw, the work is still asked to stop by its failure.
        }
    }

    /**
     * Thrown by work that observes a cancelled scope. The dispatcher records the node as cancelled
     * when it was running, skipped when it had not started.
     */
    public static final class CancelledException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public CancelledException() {
            super("run cancelled");
        }
    }
}
