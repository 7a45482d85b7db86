package dev.pz.connectors.duckdb;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An Arrow reader yielding one lent batch (or none, for an empty table of a schema), sharing its
 * buffers instead of copying them; the lender keeps ownership of the batch.
 */
final class LentBatchReader extends ArrowReader {

    private final Schema schema;
    private final VectorSchemaRoot batch;
    private boolean loaded;

    LentBatchReader(BufferAllocator allocator, Schema schema, VectorSchemaRoot batch) {
        super(allocator);
        this.schema = schema;
        this.batch = batch;
    }

    @Override
    public boolean loadNextBatch() throws java.io.IOException {
        prepareLoadNextBatch();
        if (loaded || batch == null) {
            return false;
        }
        loaded = true;
        try (ArrowRecordBatch records = new VectorUnloader(batch).getRecordBatch()) {
            loadRecordBatch(records);
        }
        return true;
    }

    /** Frees the reader's own vectors; the lent batch stays with its lender. */
    @Override
    public void close() {
        try {
            super.close();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
        // The batch belongs to the lender.
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }
}
