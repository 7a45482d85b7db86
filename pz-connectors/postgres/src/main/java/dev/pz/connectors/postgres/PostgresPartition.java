package dev.pz.connectors.postgres;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ReadPartition;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/** One slice of a read: a select streamed over its own session when opened. */
record PostgresPartition(String id, String dataset, PostgresConnectionSettings settings, Schema schema,
        List<PostgresReadType> types, String select) implements ReadPartition {

    /** Connects and starts streaming; the caller owns and closes the returned reader. */
    @Override
    public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
        return PostgresCopyReader.open(allocator, dataset, settings, schema, types, select, options);
    }
}
