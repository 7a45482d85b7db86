package dev.pz.engine.execute;

import dev.pz.duckdb.ArrowEgress;
import dev.pz.duckdb.DuckConnection;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A universal sink's query over its relation, as the producer thread takes it. A staged relation can
 * be read twice: its schema is probed first and the query opened when the producer starts. A
 * relation that can be read only once (a pipeline over a source's Arrow stream) is queried at once
 * and its schema taken from the open result; the producer then takes that reader over.
 */
final class Egress implements AutoCloseable {
    private final DuckConnection connection;
    private final String sql;
    private final BufferAllocator allocator;
    private ArrowReader opened;

    private Egress(DuckConnection connection, String sql, BufferAllocator allocator, ArrowReader opened) {
        this.connection = connection;
        this.sql = sql;
        this.allocator = allocator;
        this.opened = opened;
    }

    static Egress deferred(DuckConnection connection, String sql, BufferAllocator allocator) {
        return new Egress(connection, sql, allocator, null);
    }

    static Egress opened(DuckConnection connection, String sql, BufferAllocator allocator) {
        return new Egress(connection, sql, allocator, query(connection, sql, allocator));
    }

    Schema schema() throws IOException {
        return opened != null ? opened.getVectorSchemaRoot().getSchema()
                : ArrowEgress.schema(connection, sql, allocator);
    }

    /** The query's reader; the caller owns it from here on. */
    synchronized ArrowReader take() {
        if (opened == null) {
            return query(connection, sql, allocator);
        }
        ArrowReader reader = opened;
        opened = null;
        return reader;
    }

    /** Closes the opened query when no producer took it. */
    @Override
    public synchronized void close() throws IOException {
        if (opened != null) {
            opened.close();
            opened = null;
        }
    }

    private static ArrowReader query(DuckConnection connection, String sql, BufferAllocator allocator) {
        return ArrowEgress.query(connection, sql, allocator, UniversalWrite.EGRESS_BATCH_ROWS);
    }
}
