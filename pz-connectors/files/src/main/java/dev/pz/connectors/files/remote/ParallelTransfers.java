package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs independent transfers (object downloads, upload parts) on a small bounded pool and waits for
 * all of them. The first failure cancels the rest and is rethrown as it was; an interrupt of the
 * waiting thread cancels everything and is reported as a transient failure.
 */
public final class ParallelTransfers {

    /** Object stores answer many requests at once; the machine's cores are not the limit. */
    public static final int DEFAULT_PARALLELISM = 8;

    private ParallelTransfers() {
    }

    /** A transfer that may throw. */
    @FunctionalInterface
    public interface Transfer {
        void run() throws Exception;
    }

    public static void runAll(List<? extends Transfer> transfers, int parallelism, String threadName) {
        if (transfers.isEmpty()) {
            return;
        }
        if (transfers.size() == 1) {
            runOne(transfers.get(0));
            return;
        }
        AtomicInteger counter = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallelism, transfers.size()), runnable -> {
            Thread thread = new Thread(runnable, threadName + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        List<Future<?>> futures = new ArrayList<>();
        try {
            for (Transfer transfer : transfers) {
                futures.add(pool.submit(() -> {
                    runOne(transfer);
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } catch (ExecutionException e) {
            futures.forEach(future -> future.cancel(true));
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            futures.forEach(future -> future.cancel(true));
            Thread.currentThread().interrupt();
            throw new PzConnectorException(null, "transfer interrupted", true, null, e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void runOne(Transfer transfer) {
        try {
            transfer.run();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
