package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.ReadPartition;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/** One slice of a read: a select run over its own session when opened. */
record SqlServerPartition(String id, String dataset, SqlServerConnectionSettings settings, Schema schema,
        List<SqlServerArrowReader.Source> sources, String select) implements ReadPartition {

    /** Connects and starts the select; the caller owns and closes the returned reader. */
    @Override
    public ArrowReader open(BufferAllocator allocator, BatchOptions options) {
        return SqlServerArrowReader.open(allocator, dataset, settings, schema, sources, select, options);
    }
}
