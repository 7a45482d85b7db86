package dev.pz.duckdb;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Something slow to open (a DuckDB database: its native library, its files), opened on a thread of
 * its own while the caller does work that does not need it yet. {@link #take} hands it over once
 * open, or throws exactly what opening it threw; {@link #close} closes what nobody took, once the
 * opening ended, so a caller that fails in between leaves nothing open behind it.
 */
public final class BackgroundOpen<T extends AutoCloseable> implements AutoCloseable {
    private final CompletableFuture<T> opening;
    private boolean taken;

    private BackgroundOpen(CompletableFuture<T> opening) {
        this.opening = opening;
    }

    /** Starts {@code open} on a daemon thread named {@code threadName}. */
    public static <T extends AutoCloseable> BackgroundOpen<T> start(String threadName, Supplier<T> open) {
        return new BackgroundOpen<>(CompletableFuture.supplyAsync(open, task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            thread.start();
        }));
    }

    /** Waits for the opening and hands over what it opened, which the caller now closes. */
    public T take() {
        taken = true;
        return await();
    }

    /** Whether {@link #take} was called. */
    public boolean taken() {
        return taken;
    }

    private T await() {
        try {
            return opening.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Closes what was opened unless it was taken; a failure to open or to close is not reported. */
    @Override
    public void close() {
        if (taken) {
            return;
        }
        try {
            await().close();
        } catch (Exception ignored) {
            // The caller is already failing for another reason, and that one is reported.
        }
    }
}
