package dev.pz.connectors.example;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ReadPartition;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/** {@code count} numbers from {@code first}, {@code step} apart, in batches of at most the batch row limit. */
record ExamplePartition(String id, Schema schema, long first, long count, long step) implements ReadPartition {

    /** The caller owns the reader; each batch is the reader's until the next one. */
    @Override
    public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
        return new ArrowReader(allocator) {
            private long emitted;

            @Override
            public boolean loadNextBatch() throws IOException {
                if (emitted == count) {
                    return false;
                }
                VectorSchemaRoot root = getVectorSchemaRoot();
                int rows = (int) Math.min(options.maxRows(), count - emitted);
                root.allocateNew();
                for (int row = 0; row < rows; row++) {
                    long n = first + (emitted + row) * step;
                    if (root.getVector(ExampleSource.N.getName()) instanceof BigIntVector numbers) {
                        numbers.setSafe(row, n);
                    }
                    if (root.getVector(ExampleSource.SQUARE.getName()) instanceof BigIntVector squares) {
                        squares.setSafe(row, n * n);
                    }
                }
                root.setRowCount(rows);
                emitted += rows;
                return true;
            }

            @Override
            public long bytesRead() {
                return emitted * Long.BYTES * schema.getFields().size();
            }

            @Override
            protected void closeReadSource() {
                // Nothing is open besides the root, which ArrowReader closes.
            }

            @Override
            protected Schema readSchema() {
                return schema;
            }
        };
    }
}
