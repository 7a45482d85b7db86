package dev.pz.connectors.duckdb;

import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.ArrowIngest;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckErrors;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.duckdb.DuckSqlException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A universal write: the batches land in a private in-memory DuckDB, and commit attaches the file
 * there and applies the same statements as the native write, in one transaction. Until commit the
 * file is not touched, so abort only drops the private database.
 */
final class DuckDbWriteSession implements WriteSession {

    private static final String STAGED = "pz_staged";
    private static final String BATCH = "pz_batch";

    private final DuckDbDatabase database;
    private final List<String> statements;
    private final BufferAllocator allocator = new RootAllocator();
    private final DuckSession session;
    private final DuckConnection connection;
    private long rows;
    private long batches;
    private String state;

    DuckDbWriteSession(DuckDbDatabase database, List<String> statements, Schema schema) {
        this.database = database;
        this.statements = statements;
        this.session = DuckSession.openInMemory(DuckSettings.defaults());
        this.connection = session.connect();
        try (LentBatchReader empty = new LentBatchReader(allocator, schema, null)) {
            ArrowIngest.createTable(connection, STAGED, empty, allocator);
        } catch (RuntimeException e) {
            release();
            throw e;
        }
    }

    @Override
    public void write(VectorSchemaRoot batch) {
        ensureOpen("write");
        // The reader shares the batch's buffers, which only an allocator of the batch's own root may do.
        BufferAllocator lender = batch.getFieldVectors().isEmpty() ? allocator
                : batch.getFieldVectors().get(0).getAllocator();
        try (LentBatchReader reader = new LentBatchReader(lender, batch.getSchema(), batch)) {
            ArrowIngest.createTable(connection, BATCH, reader, lender);
            connection.execute("insert into " + STAGED + " select * from " + BATCH);
            connection.execute("drop table " + BATCH);
        } catch (DuckSqlException e) {
            throw failure("could not stage a batch", e);
        }
        rows += batch.getRowCount();
        batches++;
    }

    @Override
    public WriteResult commit() {
        ensureOpen("commit");
        state = "committed";
        try {
            connection.execute("attach " + database.file().literal() + " as " + database.alias());
            try {
                connection.execute("begin transaction");
                for (String statement : statements) {
                    connection.execute(statement.replace(NativeSqlWrite.SOURCE, STAGED));
                }
                connection.execute("commit");
            } catch (DuckSqlException e) {
                connection.execute("rollback");
                throw e;
            } finally {
                connection.execute("detach " + database.alias());
            }
            return new WriteResult(rows, batches);
        } catch (DuckSqlException e) {
            throw failure("write failed", e);
        } finally {
            release();
        }
    }

    @Override
    public void abort() {
        ensureOpen("abort");
        state = "aborted";
        release();
    }

    @Override
    public void close() {
        if (state == null) {
            state = "aborted";
        }
        release();
    }

    private PzConnectorException failure(String what, DuckSqlException e) {
        return new PzConnectorException(null, "duckdb database '" + database.file().path().getFileName() + "': " + what
                + ": " + DuckErrors.sanitize(e.getMessage()), false, null, e);
    }

    private void ensureOpen(String action) {
        if (state != null) {
            throw new IllegalStateException("cannot " + action + " a session already " + state);
        }
    }

    private void release() {
        if (!session.isClosed()) {
            connection.close();
            session.close();
        }
        allocator.close();
    }
}
