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
 * ends the server's COPY. {@link #cancel()} stops a COPY whose query is still running (a slow
 * select, a lock wait) from another thread; a cancel that reaches the server in the instant before
 * it reads the COPY is lost (the protocol ignores a cancel on an idle session), and the engine's
 * grace period then applies.
 */
final class PostgresCopyReader extends ArrowReader implements Cancellable {

    private final String dataset;
    private final PostgresConnectionSettings settings;
    private final Schema schema;
    private final List<PostgresReadType> types;
    private final BatchOptions options;
    private final Connection connection;
    private final String select;
    /** Started by the first {@link #loadNextBatch()}: a query may run long before its first row, and cancel must reach it. */
    private CopyOut copy;

    private BinaryCopyDecoder decoder;
    private boolean finished;

    private PostgresCopyReader(BufferAllocator allocator, String dataset, PostgresConnectionSettings settings,
            Schema schema, List<PostgresReadType> types, BatchOptions options, Connection connection, String select) {
        super(allocator);
        this.dataset = dataset;
        this.settings = settings;
        this.schema = schema;
        this.types = List.copyOf(types);
        this.options = options;
        this.connection = connection;
        this.select = select;
    }

    /** Connects; the COPY starts with the first batch. The caller owns the returned reader. */
    static PostgresCopyReader open(BufferAllocator allocator, String dataset, PostgresConnectionSettings settings,
            Schema schema, List<PostgresReadType> types, String select, BatchOptions options) {
        Connection connection;
        try {
            connection = settings.open();
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + dataset + "': postgres read failed", e, settings);
        }
        return new PostgresCopyReader(allocator, dataset, settings, schema, types, options, connection, select);
    }

    /**
     * Streams over a session the caller prepared, such as a transaction that imported a snapshot;
     * the reader owns it from here and closes it.
     */
    static PostgresCopyReader onSession(BufferAllocator allocator, String dataset, PostgresConnectionSettings settings,
            Schema schema, List<PostgresReadType> types, String select, BatchOptions options, Connection session) {
        return new PostgresCopyReader(allocator, dataset, settings, schema, types, options, session, select);
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
    public void cancel() {
        PostgresErrors.cancelQuietly(connection);
    }

    @Override
    protected void closeReadSource() {
        // Closing the session ends an unfinished COPY on the server; nothing else holds resources.
        closeQuietly(connection);
    }

    private void finish() throws SQLException {
        finished = true;
        while (copy.isActive() && copy.readFromCopy() != null) {
            // Drains CopyDone/CommandComplete so the server's outcome (and any late error) is seen.
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // The session is being discarded; a failed close leaves nothing to undo.
        }
    }
}
