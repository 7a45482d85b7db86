package dev.pz.benchmarks;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An Arrow reader over prebuilt record batches (loaded by reference, not copied), optionally
 * sleeping before each batch like a slow remote source. The batches stay the caller's.
 */
final class RecordBatchReader extends ArrowReader {
    private final Schema schema;
    private final List<ArrowRecordBatch> batches;
    private final long sleepMillisPerBatch;
    private int next;

    RecordBatchReader(BufferAllocator allocator, Schema schema, List<ArrowRecordBatch> batches, long sleepMillisPerBatch) {
        super(allocator);
        this.schema = schema;
        this.batches = batches;
        this.sleepMillisPerBatch = sleepMillisPerBatch;
    }

    @Override
    public boolean loadNextBatch() throws java.io.IOException {
        if (next == batches.size()) {
            return false;
        }
        if (sleepMillisPerBatch > 0) {
            try {
                Thread.sleep(sleepMillisPerBatch);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted");
            }
        }
        new VectorLoader(getVectorSchemaRoot()).load(batches.get(next++));
        return true;
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }
}
