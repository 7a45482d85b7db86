package dev.pz.duckdb;

import dev.pz.connectors.api.Cancellable;
import java.io.IOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBResultSet;

/**
 * DuckDB → host: a query's result as Arrow batches, through the driver's
 * Arrow C stream export. Batches are row-count sized ({@code batchRows}); DuckDB's types arrive as
 * DuckDB exports them (TIMESTAMP as a time-zone-less microsecond timestamp).
 */
public final class ArrowEgress {

    private ArrowEgress() {
    }

    /**
     * Runs {@code sql} and returns its result as a reader. Ownership: the caller owns the reader
     * and closes it; closing it closes the result set and the statement. Each batch is owned by the
     * reader and valid until the next {@code loadNextBatch()} or {@code close()}; batches are
     * allocated from {@code allocator}, which must outlive the reader. A connection serves one open
     * stream at a time: close the reader before the connection runs anything else. While the
     * reader is open, {@link DuckConnection#cancel()} interrupts the query behind it, and so does
     * the reader's own {@link Cancellable#cancel()}.
     *
     * @throws DuckSqlException when DuckDB refuses or fails the query
     */
    public static ArrowReader query(DuckConnection connection, String sql, BufferAllocator allocator, int batchRows) {
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(allocator, "allocator");
        if (batchRows <= 0) {
            throw new IllegalArgumentException("batchRows must be positive, got " + batchRows);
        }
        Statement statement = null;
        ResultSet rows = null;
        try {
            statement = connection.jdbc().createStatement();
            connection.streamStarted(statement);
            rows = statement.executeQuery(sql);
            ArrowReader driverReader = (ArrowReader) rows.unwrap(DuckDBResultSet.class)
                    .arrowExportStream(allocator, batchRows);
            Statement ownedStatement = statement;
            ResultSet ownedRows = rows;
            return new EgressReader(allocator, driverReader, connection, () -> {
                connection.streamEnded(ownedStatement);
                AutoCloseables.close(driverReader, ownedRows, ownedStatement);
            });
        } catch (SQLException e) {
            connection.streamEnded(statement);
            closeQuietly(rows, statement);
            throw connection.failure(e, statement);
        } catch (RuntimeException e) {
            connection.streamEnded(statement);
            closeQuietly(rows, statement);
            throw e;
        }
    }

    /**
     * The Arrow schema {@link #query} would yield for {@code sql}, computed over
     * {@code select * from (<sql>) limit 0} so that no row is produced. Allocates nothing that
     * outlives the call.
     */
    public static Schema schema(DuckConnection connection, String sql, BufferAllocator allocator) {
        String probe = "select * from (" + sql + "\n) pz_schema_probe limit 0";
        try (ArrowReader reader = query(connection, probe, allocator, 1)) {
            return reader.getVectorSchemaRoot().getSchema();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the result schema: " + e.getMessage(), e);
        }
    }

    /** The driver's reader with the statement attached; cancelling it interrupts the query behind it. */
    private static final class EgressReader extends DelegatingArrowReader implements Cancellable {
        private final DuckConnection connection;

        EgressReader(BufferAllocator allocator, ArrowReader delegate, DuckConnection connection, AutoCloseable onClose) {
            super(allocator, delegate, onClose);
            this.connection = connection;
        }

        @Override
        public void cancel() {
            connection.cancel();
        }
    }

    private static void closeQuietly(AutoCloseable... closeables) {
        try {
            AutoCloseables.close(closeables);
        } catch (Exception ignored) {
            // Already failing; the original error is the one to report.
        }
    }
}
