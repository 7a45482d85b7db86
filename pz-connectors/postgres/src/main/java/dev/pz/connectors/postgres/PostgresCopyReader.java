package dev.pz.connectors.postgres;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Cancellable;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyOut;

/**
 * Streams one select as {@code COPY (…) TO STDOUT (FORMAT binary)} and decodes the rows straight
 * into Arrow vectors. The reader owns its connection and its root: each batch is valid until the
 * next {@link #loadNextBatch()} or {@link #close()}; closing mid-stream drops the connection, which
 * ends the server's COPY. A session taken from its source's {@link PostgresSessions} goes back
 * there only when the COPY ran to its end and was never cancelled; any other close drops it.
 * {@link #cancel()} stops a COPY whose query is still running (a slow select, a lock wait) from
 * another thread; a cancel that reaches the server in the instant before it reads the COPY is lost
 * (the protocol ignores a cancel on an idle session), and the engine's grace period then applies.
 */
final class PostgresCopyReader extends ArrowReader implements Cancellable {

    private final String dataset;
    private final PostgresConnectionSettings settings;
    private final Schema schema;
    private final List<PostgresReadType> types;
    private final BatchOptions options;
    private final Connection connection;
    /** Where a cleanly finished session goes back to, or null when the reader only closes it. */
    private final PostgresSessions pool;
    private final String select;
    /** Started by the first {@link #loadNextBatch()}: a query may run long before its first row, and cancel must reach it. */
    private CopyOut copy;

    private BinaryCopyDecoder decoder;
    private boolean finished;
    /** The server reported the COPY's end: the session is idle again. */
    private volatile boolean drained;
    /** Guarded by this: a cancel was sent to the session. */
    private boolean cancelled;
    /** Guarded by this: the session left the reader, and a later cancel must not reach it. */
    private boolean released;

    private PostgresCopyReader(BufferAllocator allocator, String dataset, PostgresConnectionSettings settings,
            Schema schema, List<PostgresReadType> types, BatchOptions options, Connection connection,
            PostgresSessions pool, String select) {
        super(allocator);
        this.dataset = dataset;
        this.settings = settings;
        this.schema = schema;
        this.types = List.copyOf(types);
        this.options = options;
        this.connection = connection;
        this.pool = pool;
        this.select = select;
    }

    /** Takes a session; the COPY starts with the first batch. The caller owns the returned reader. */
    static PostgresCopyReader open(BufferAllocator allocator, String dataset, PostgresSessions sessions,
            Schema schema, List<PostgresReadType> types, String select, BatchOptions options) {
        Connection connection;
        try {
            connection = sessions.take();
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + dataset + "': postgres read failed", e, sessions.settings());
        }
        return new PostgresCopyReader(allocator, dataset, sessions.settings(), schema, types, options, connection,
                sessions, select);
    }

    /**
     * Streams over a session the caller prepared, such as a transaction that imported a snapshot;
     * the reader owns it from here and closes it.
     */
    static PostgresCopyReader onSession(BufferAllocator allocator, String dataset, PostgresConnectionSettings settings,
            Schema schema, List<PostgresReadType> types, String select, BatchOptions options, Connection session) {
        return new PostgresCopyReader(allocator, dataset, settings, schema, types, options, session, null, select);
    }

    /**
     * Sends the COPY. The server may hold back its answer until the query yields rows, so this can
     * block as long as the query runs; {@link #cancel()} ends it.
     */
    private void startCopy() {
        try {
            copy = connection.unwrap(PGConnection.class).getCopyAPI()
                    .copyOut("copy (" + select + ") to stdout (format binary)");
        } catch (SQLException | RuntimeException e) {
            throw PostgresErrors.wrap("dataset '" + dataset + "': postgres read failed", e, settings);
        }
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        if (finished) {
            return false;
        }
        if (copy == null) {
            startCopy();
            decoder = new BinaryCopyDecoder(dataset, schema, types, copy::readFromCopy);
        }
        VectorSchemaRoot root = getVectorSchemaRoot();
        List<FieldVector> vectors = root.getFieldVectors();
        int rows;
        try {
            rows = decoder.decode(vectors, Math.max(1, options.maxRows()), Math.max(1, options.targetBytes()));
            if (decoder.finished()) {
                finish();
            }
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + dataset + "': postgres read failed mid-stream", e, settings);
        }
        root.setRowCount(rows);
        return rows > 0;
    }

    @Override
    public long bytesRead() {
        return decoder == null ? 0 : decoder.bytesRead();
    }

    /** Asks the server to cancel the COPY; the blocked read then fails with SQLSTATE 57014. */
    @Override
    public synchronized void cancel() {
        if (released) {
            return;
        }
        cancelled = true;
        PostgresErrors.cancelQuietly(connection);
    }

    @Override
    protected synchronized void closeReadSource() {
        // Closing the session ends an unfinished COPY on the server. A sent cancel may still be on its
        // way to the server, where it would hit the session's next statement: such a session is dropped.
        released = true;
        if (pool != null && drained && !cancelled) {
            pool.giveBack(connection);
        } else {
            PostgresSessions.closeQuietly(connection);
        }
    }

    private void finish() throws SQLException {
        finished = true;
        while (copy.isActive() && copy.readFromCopy() != null) {
            // Drains CopyDone/CommandComplete so the server's outcome (and any late error) is seen.
        }
        drained = true;
    }
}
