package dev.pz.engine.execute;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The Arrow memory of a run as run_results.json records it: the highest peak any one universal
 * node's allocator reached. Each node has an allocator of its own ({@link NodeMemory}), so the run
 * needs no root allocator of its own; a run whose nodes are all native records 0 and never sets up
 * Arrow's memory manager. Thread-safe: concurrent nodes report as they end.
 */
public final class ArrowPeak {
    private final AtomicLong bytes = new AtomicLong();

    void record(long peakBytes) {
        bytes.accumulateAndGet(peakBytes, Math::max);
    }

    public long bytes() {
        return bytes.get();
    }
}
