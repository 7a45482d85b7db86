package dev.pz.duckdb;

import dev.pz.connectors.api.Cancellable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBPreparedStatement;

/**
 * One node's connection to the run's database: a duplicate of the session's root connection,
 * already switched to the session's catalog. Used by one thread at a time, except {@link #cancel()},
 * which another thread may call while a statement runs. Every call uses a fresh {@link Statement}
 * because duckdb_jdbc closes a statement after any error. The caller closes the connection; closing
 * the session closes it too.
 */
public final class DuckConnection implements AutoCloseable, Cancellable {

    private final DuckDBConnection connection;
    private final Consumer<DuckConnection> onClose;
    private volatile Statement running;
    /** The last statement {@link #cancel()} interrupted: its failure is reported as an interrupt. */
    private volatile Statement cancelled;
    private volatile boolean closed;

    DuckConnection(DuckDBConnection connection, Consumer<DuckConnection> onClose) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.onClose = Objects.requireNonNull(onClose, "onClose");
    }

    /**
     * Runs one statement. Returns DuckDB's changed-row count (the rows a COPY wrote or a CREATE TABLE
     * AS created), or -1 for a statement that reports none.
     *
     * @throws DuckSqlException when DuckDB refuses or fails the statement, or it was cancelled
     */
    public long execute(String sql) {
        ensureOpen();
        Statement statement = null;
        try {
            statement = connection.createStatement();
            running = statement;
            try (Statement owned = statement) {
                if (owned.execute(sql)) {
                    return -1;
                }
                return owned.getUpdateCount();
            } finally {
                running = null;
            }
        } catch (SQLException e) {
            throw failure(e, statement);
        }
    }

    /**
     * Makes DuckDB track how far this connection's statements have got, for {@link #progress()},
     * without printing anything (DuckDB's own progress bar would write to standard output).
     */
    public void trackProgress() {
        execute("set enable_progress_bar_print = false");
        execute("set progress_bar_time = 0");
        execute("set enable_progress_bar = true");
    }

    /**
     * How far the running statement has got, 0 to 1, as DuckDB measures it (for a file scan, the
     * share of the file read), from any thread. Empty when no statement runs, progress is not
     * tracked ({@link #trackProgress()}) or DuckDB cannot tell.
     */
    public OptionalDouble progress() {
        Statement statement = running;
        if (statement == null) {
            return OptionalDouble.empty();
        }
        try {
            double percentage = statement.unwrap(DuckDBPreparedStatement.class).getQueryProgress().getPercentage();
            return percentage < 0 ? OptionalDouble.empty() : OptionalDouble.of(Math.min(1.0, percentage / 100));
        } catch (SQLException | RuntimeException finishedOrClosed) {
            return OptionalDouble.empty();
        }
    }

    /** Runs a query and maps every row, in result order. */
    public <T> List<T> query(String sql, RowMapper<T> mapper) {
        ensureOpen();
        Statement statement = null;
        try {
            statement = connection.createStatement();
            running = statement;
            try (Statement owned = statement; ResultSet rows = owned.executeQuery(sql)) {
                List<T> result = new ArrayList<>();
                while (rows.next()) {
                    result.add(mapper.map(rows));
                }
                return result;
            } finally {
                running = null;
            }
        } catch (SQLException e) {
            throw failure(e, statement);
        }
    }

    /** The first column of the first row; empty when there is no row or the value is NULL. */
    public Optional<Object> queryScalar(String sql) {
        List<Optional<Object>> first = query(sql, row -> Optional.ofNullable(row.getObject(1)));
        return first.isEmpty() ? Optional.empty() : first.get(0);
    }

    /**
     * Interrupts the statement this connection is running, from any thread; a no-op when none runs.
     * The interrupted call fails with a {@link DuckSqlException} whose {@code interrupted()} is true,
     * and the connection stays usable. A cancel that lands between the statement's creation and the
     * start of its execution can be lost; a caller that must stop a node cancels again until the
     * running call returns.
     */
    @Override
    public void cancel() {
        Statement statement = running;
        if (statement == null) {
            return;
        }
        cancelled = statement;
        try {
            statement.cancel();
        } catch (SQLException e) {
            // The statement finished or closed between the read and the cancel: nothing left to stop.
        }
    }

    /**
     * Marks {@code statement}, whose result is streamed after this call returns (Arrow egress), as
     * the one {@link #cancel()} interrupts until {@link #streamEnded} is called for it.
     */
    void streamStarted(Statement statement) {
        running = statement;
    }

    void streamEnded(Statement statement) {
        if (running == statement) {
            running = null;
        }
    }

    /**
     * The failure of {@code statement} as pz reports it. With streamed results the driver reports an
     * interrupted statement as an invalid result set rather than as an interrupt, so a failure of a
     * statement {@link #cancel()} reached counts as interrupted whatever its message.
     */
    DuckSqlException failure(SQLException cause, Statement statement) {
        return new DuckSqlException(cause, statement != null && statement == cancelled);
    }

    /** The underlying JDBC connection, for pz-duckdb internals (Arrow ingest and egress). */
    public Connection jdbc() {
        ensureOpen();
        return connection;
    }

    public boolean isClosed() {
        return closed;
    }

    /** Idempotent. Interrupts a running statement, then releases the native connection. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        cancel();
        try {
            connection.close();
        } catch (SQLException e) {
            throw new DuckSqlException(e);
        } finally {
            onClose.accept(this);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the DuckDB connection is closed");
        }
    }
}
