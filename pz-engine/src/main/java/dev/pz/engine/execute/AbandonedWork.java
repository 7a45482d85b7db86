package dev.pz.engine.execute;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Threads a run stopped waiting for: a node that kept running after it was cancelled and the grace
 * period passed. They may still hold the run's DuckDB connection, Arrow buffers or a connector
 * handle, so the run's shared resources are closed only once every one of them has ended.
 */
public final class AbandonedWork {
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    public void add(Thread thread) {
        threads.add(thread);
    }

    public boolean isEmpty() {
        return threads.isEmpty();
    }

    /**
     * Runs {@code close} on a daemon thread once every abandoned thread has ended; nobody waits for
     * it, and a process that exits first simply takes everything with it.
     */
    public void closeAfter(Runnable close) {
        Thread closer = new Thread(() -> {
            for (Thread thread : threads) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            close.run();
        }, "pz-abandoned-closer");
        closer.setDaemon(true);
        closer.start();
    }
}
