package dev.pz.engine.execute;

import dev.pz.engine.compile.Node;
import dev.pz.engine.events.RunListener;

/**
 * Counts what a node moved through its Arrow channel and reports it every 10 batches. One thread
 * counts; {@link #rows()} may be read from any thread (a live view's meter).
 */
final class Progress {
    static final int CADENCE = 10;
    private final Node node;
    private final RunListener listener;
    private volatile long rows;
    private long bytes;
    private long batches;

    Progress(Node node, RunListener listener) {
        this.node = node;
        this.listener = listener;
    }

    void batch(long batchRows, long batchBytes) {
        rows += batchRows;
        bytes += batchBytes;
        batches++;
        if (batches % CADENCE == 0) {
            listener.nodeProgress(node, rows, bytes, batches);
        }
    }

    long rows() {
        return rows;
    }
}
