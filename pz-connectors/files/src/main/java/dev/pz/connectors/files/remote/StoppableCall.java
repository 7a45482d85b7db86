package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs blocking object-store work (a listing, downloads, an upload) on a thread of its own while the
 * caller waits, so that another thread can stop the wait: an SDK call blocked in a socket does not
 * answer an interrupt of its own thread, but the caller is released at once. {@link #cancel} fails
 * the running call (or, when none runs, the next one) as transient and interrupts the work, which
 * then aborts what it started (a multipart upload is aborted; a block blob's uncommitted blocks are
 * never visible). A request already fully sent may still complete on the store.
 */
public final class StoppableCall implements Cancellable {

    private final String threadName;
    private Future<?> running;
    private boolean cancelled;

    /** @param threadName names the worker thread, e.g. {@code pz-s3-upload} */
    public StoppableCall(String threadName) {
        this.threadName = threadName;
    }

    /**
     * Runs {@code work} and returns its result; rethrows what it threw.
     *
     * @param what names the work in the cancellation message, e.g. {@code s3 upload of 's3://b/k'}
     * @throws PzConnectorException transient, when cancelled
     */
    public <T> T call(String what, Callable<T> work) {
        ExecutorService thread = Executors.newSingleThreadExecutor(runnable -> {
            Thread worker = new Thread(runnable, threadName);
            worker.setDaemon(true);
            return worker;
        });
        try {
            Future<T> future;
            synchronized (this) {
                if (cancelled) {
                    cancelled = false;
                    throw cancelledFailure(what, null);
                }
                future = thread.submit(work);
                running = future;
            }
            return future.get();
        } catch (CancellationException e) {
            throw cancelledFailure(what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw cancelledFailure(what, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause.getMessage(), cause);
        } finally {
            synchronized (this) {
                running = null;
            }
            // Not shutdownNow: a cancelled work is interrupted once and must be left to clean up after it
            // (an abort of what it started); a second interrupt would stop that too.
            thread.shutdown();
        }
    }

    @Override
    public synchronized void cancel() {
        if (running != null) {
            running.cancel(true);
        } else {
            cancelled = true;
        }
    }

    private static PzConnectorException cancelledFailure(String what, Throwable cause) {
        return new PzConnectorException(null, what + " was cancelled", true, null, cause);
    }
}
