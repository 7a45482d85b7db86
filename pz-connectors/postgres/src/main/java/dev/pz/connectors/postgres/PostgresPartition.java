package dev.pz.connectors.postgres;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ReadPartition;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/** One slice of a read: a select streamed over a session of its source when opened. */
record PostgresPartition(String id, String dataset, PostgresSessions sessions, Schema schema,
        List<PostgresReadType> types, String select) implements ReadPartition {

    /** Takes a session and starts streaming; the caller owns and closes the returned reader. */
    @Override
    public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
        return PostgresCopyReader.open(allocator, dataset, sessions, schema, types, select, options);
    }
}
