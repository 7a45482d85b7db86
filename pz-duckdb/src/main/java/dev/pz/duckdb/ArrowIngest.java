package dev.pz.duckdb;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBConnection;

/**
 * Host → DuckDB: lands an Arrow stream as a table. The reader is exported
 * through the Arrow C stream interface, registered on the connection under a fresh name and
 * scanned once by {@code create table … as select … from <name>}; DuckDB takes the buffers without
 * a row-by-row copy.
 */
public final class ArrowIngest {

    private ArrowIngest() {
    }

    /**
     * Creates {@code qualifiedTable} (already quoted, e.g. {@code "staging"."orders"}) from every
     * batch {@code reader} yields and returns the number of rows ingested. Columns bind by position,
     * with the reader's names and types: Int32 → INTEGER, Int64 → BIGINT, Float64 → DOUBLE,
     * Decimal128(p,s) → DECIMAL(p,s), Utf8 → VARCHAR, Bool → BOOLEAN, Date32 → DATE, and a
     * timestamp of any unit and time zone → TIMESTAMP holding the UTC wall time.
     *
     * <p>Ownership: the reader is borrowed; this method drains it but never closes it, and the
     * caller closes it afterwards. Batches are allocated by the reader; {@code allocator} only
     * backs the C stream's bookkeeping. On failure or cancellation ({@link DuckConnection#cancel()})
     * no new table is left behind (a table that already existed under the name is never dropped).
     *
     * @throws DuckSqlException when DuckDB refuses the stream or the statement, or it was cancelled
     * @throws RuntimeException the reader's own exception, unchanged, when loading a batch failed
     */
    public static long createTable(DuckConnection connection, String qualifiedTable, ArrowReader reader,
            BufferAllocator allocator) {
        Objects.requireNonNull(qualifiedTable, "qualifiedTable");
        boolean existedBefore = exists(connection, qualifiedTable);
        boolean created = false;
        try {
            long rows = run(connection, reader, allocator, relation -> "create table " + qualifiedTable + " as "
                    + relation);
            created = true;
            return rows;
        } finally {
            if (!created && !existedBefore) {
                dropQuietly(connection, qualifiedTable);
            }
        }
    }

    /**
     * Runs one statement over an Arrow stream: {@code statement} receives the stream as a relation
     * ({@code select <columns> from <stream>}, typed as {@link #createTable} types it) and returns the
     * statement to run, e.g. {@code copy (<relation>) to 'x.parquet' (format parquet)}. Returns the
     * statement's changed-row count. Ownership and failures as {@link #createTable}.
     */
    public static long run(DuckConnection connection, ArrowReader reader, BufferAllocator allocator,
            java.util.function.UnaryOperator<String> statement) {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(allocator, "allocator");
        Schema schema;
        try {
            schema = reader.getVectorSchemaRoot().getSchema();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the Arrow stream's schema: " + e.getMessage(), e);
        }
        String streamName = "pz_arrow_" + UUID.randomUUID().toString().replace("-", "");
        String sql = statement.apply("select " + selectList(schema) + " from " + SqlLiterals.identifier(streamName));
        try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator);
                DelegatingArrowReader borrowed = new DelegatingArrowReader(allocator, reader, () -> { })) {
            Data.exportArrayStream(allocator, borrowed, stream);
            try {
                register(connection, streamName, stream);
                return connection.execute(sql);
            } catch (DuckSqlException e) {
                throw sourceFailureOr(borrowed.sourceFailure(), e);
            } finally {
                // DuckDB releases the stream when its scan ends; release() is a no-op then, and
                // frees the exporter when the scan never started (a failed bind, a cancel).
                stream.release();
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot close the borrowed Arrow reader: " + e.getMessage(), e);
        }
    }

    /**
     * DuckDB reports a reader's exception as its own "arrow_scan: get_next failed" error with the
     * Java stack trace in the text; the reader's exception itself is what the caller must see (a
     * connector's message is published verbatim, and it knows whether it is transient).
     */
    static RuntimeException sourceFailureOr(Throwable sourceFailure, RuntimeException duckFailure) {
        if (sourceFailure instanceof RuntimeException runtime) {
            runtime.addSuppressed(duckFailure);
            return runtime;
        }
        if (sourceFailure instanceof Error error) {
            throw error;
        }
        if (sourceFailure != null) {
            IllegalStateException wrapped = new IllegalStateException("the Arrow reader failed: "
                    + sourceFailure.getMessage(), sourceFailure);
            wrapped.addSuppressed(duckFailure);
            return wrapped;
        }
        return duckFailure;
    }

    /**
     * The one typed wrapper around the driver's untyped {@code registerArrowStream(String, Object)},
     * which finds Arrow classes by reflection so that the driver needs no Arrow at compile time.
     */
    static void register(DuckConnection connection, String name, ArrowArrayStream stream) {
        DuckDBConnection duck;
        try {
            duck = connection.jdbc().unwrap(DuckDBConnection.class);
        } catch (SQLException e) {
            throw new DuckSqlException(e);
        }
        try {
            duck.registerArrowStream(name, stream);
        } catch (RuntimeException e) {
            // The driver wraps checked failures in a bare RuntimeException with no message.
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new DuckSqlException(new SQLException("cannot register Arrow stream '" + name + "': "
                    + cause.getMessage(), cause));
        }
    }

    /** Every column by position; timestamps with a time zone become the UTC wall time (TIMESTAMP). */
    static String selectList(Schema schema) {
        List<String> columns = new ArrayList<>();
        for (Field field : schema.getFields()) {
            String name = SqlLiterals.identifier(field.getName());
            if (field.getType() instanceof ArrowType.Timestamp timestamp && timestamp.getTimezone() != null) {
                // make_timestamp(epoch_us(x)) is the same UTC wall time without ICU's per-value
                // calendar work (~10x cheaper); it is null only for the infinities, which keep
                // timezone('UTC', x)'s result through the coalesce.
                columns.add("coalesce(make_timestamp(epoch_us(" + name + ")), timezone('UTC', " + name + ")) as "
                        + name);
            } else {
                columns.add(name);
            }
        }
        return columns.isEmpty() ? "*" : String.join(", ", columns);
    }

    private static boolean exists(DuckConnection connection, String qualifiedTable) {
        try {
            connection.execute("select * from " + qualifiedTable + " limit 0");
            return true;
        } catch (DuckSqlException e) {
            return false;
        }
    }

    private static void dropQuietly(DuckConnection connection, String qualifiedTable) {
        if (connection.isClosed()) {
            return;
        }
        try {
            connection.execute("drop table if exists " + qualifiedTable);
        } catch (RuntimeException ignored) {
            // Already failing; the original error is the one to report.
        }
    }
}
