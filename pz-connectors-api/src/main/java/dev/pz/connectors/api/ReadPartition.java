package dev.pz.connectors.api;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/** One independently readable slice of a dataset. */
public interface ReadPartition {

    /** Stable within one plan; used in progress and error messages. */
    String id();

    /**
     * Opens the slice as an Arrow reader allocating from {@code allocator}. Ownership: the caller
     * owns the returned reader and closes it; each batch it loads is owned by the reader and valid
     * until the next {@code loadNextBatch()} or {@code close()}. Every batch has the schema of
     * {@link Source#schema}. A reader whose {@code loadNextBatch()} can block for long implements
     * {@link Cancellable}, so that a cancelled run or a timed-out node can stop it mid-batch.
     */
    ArrowReader open(BufferAllocator allocator, BatchOptions options);

    /**
     * The bytes this slice reads from storage, when known before reading (a local file's length or
     * byte range), else -1. With {@link ArrowReader#bytesRead()} of the opened reader (the bytes
     * consumed so far) it shows how far a read has got; a reader that cannot count returns 0 there.
     */
    default long sizeBytes() {
        return -1;
    }
}
