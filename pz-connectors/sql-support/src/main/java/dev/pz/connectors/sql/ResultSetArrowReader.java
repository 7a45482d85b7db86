package dev.pz.connectors.sql;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Streams a JDBC result set as Arrow batches of at most {@link BatchOptions#maxRows()} rows (and
 * about {@link BatchOptions#targetBytes()}). It owns the statement and the connection behind the
 * result: closing the reader cancels the statement first, so a large read stops promptly, then
 * closes all three.
 */
public final class ResultSetArrowReader extends ArrowReader {

    /** Reads column {@code index} (1-based) of the current row as the driver best returns {@code kind}. */
    @FunctionalInterface
    public interface ValueFetcher {
        Object fetch(ResultSet result, int index, ColumnKind kind) throws SQLException;
    }

    private final List<JdbcColumn> columns;
    private final BatchOptions options;
    private final java.sql.Connection connection;
    private final Statement statement;
    private final ResultSet result;
    private final ValueFetcher fetcher;
    private final Function<Exception, RuntimeException> failure;
    private boolean exhausted;

    /**
     * @param failure turns a driver failure or a value that does not fit into the connector's exception
     */
    public ResultSetArrowReader(BufferAllocator allocator, List<JdbcColumn> columns, BatchOptions options,
            java.sql.Connection connection, Statement statement, ResultSet result, ValueFetcher fetcher,
            Function<Exception, RuntimeException> failure) {
        super(allocator);
        this.columns = List.copyOf(columns);
        this.options = options;
        this.connection = connection;
        this.statement = statement;
        this.result = result;
        this.fetcher = fetcher;
        this.failure = failure;
    }

    /** The default fetch: {@code getObject}, converted by {@link JdbcValues}. */
    public static Object fetchObject(ResultSet result, int index, ColumnKind kind) throws SQLException {
        return result.getObject(index);
    }

    @Override
    public boolean loadNextBatch() throws java.io.IOException {
        prepareLoadNextBatch();
        if (exhausted) {
            return false;
        }
        VectorSchemaRoot root = getVectorSchemaRoot();
        int rows = 0;
        long bytes = 0;
        try {
            while (rows < options.maxRows() && bytes < options.targetBytes()) {
                if (!result.next()) {
                    exhausted = true;
                    break;
                }
                for (int i = 0; i < columns.size(); i++) {
                    JdbcColumn column = columns.get(i);
                    Object value;
                    try {
                        value = JdbcValues.convert(fetcher.fetch(result, i + 1, column.kind()), column.kind());
                    } catch (IllegalArgumentException e) {
                        throw new PzConnectorException("column '" + column.name() + "': " + e.getMessage(), false);
                    }
                    FieldVector vector = root.getVector(i);
                    ArrowColumns.set(vector, rows, column.kind(), value);
                    bytes += value instanceof String text ? text.length() : value instanceof byte[] raw ? raw.length : 8;
                }
                rows++;
            }
        } catch (SQLException | RuntimeException e) {
            throw failure.apply(e);
        }
        root.setRowCount(rows);
        return rows > 0 || !exhausted;
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
        if (!exhausted) {
            try {
                statement.cancel();
            } catch (SQLException | RuntimeException e) {
                // The statement may have finished meanwhile; closing below releases it either way.
            }
        }
        closeQuietly(result);
        closeQuietly(statement);
        closeQuietly(connection);
    }

    @Override
    protected Schema readSchema() {
        return new Schema(columns.stream().map(JdbcColumn::field).toList());
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // Nothing useful remains to be done with a resource that fails to close.
        }
    }
}
