package dev.pz.duckdb;

import java.io.IOException;
import java.util.Objects;
import java.util.UUID;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Host → DuckDB without landing: an Arrow stream registered on the connection and named by a view,
 * so that the statements built over the view read the stream's batches as DuckDB pulls them, and
 * nothing is stored. The stream can be read once: the first statement that scans the view consumes
 * it. Columns are typed as {@link ArrowIngest#createTable} types them.
 *
 * <p>Ownership: the reader is borrowed and never closed here. {@link #close()} drops the view and
 * releases the stream; call it after the statement that scanned it has finished.
 */
public final class ArrowStreamView implements AutoCloseable {
    private final DuckConnection connection;
    private final String qualifiedView;
    private final ArrowArrayStream stream;
    private final DelegatingArrowReader borrowed;

    private ArrowStreamView(DuckConnection connection, String qualifiedView, ArrowArrayStream stream,
            DelegatingArrowReader borrowed) {
        this.connection = connection;
        this.qualifiedView = qualifiedView;
        this.stream = stream;
        this.borrowed = borrowed;
    }

    /**
     * Registers {@code reader} and creates (or replaces) {@code qualifiedView} (already quoted) over it.
     *
     * @throws DuckSqlException when DuckDB refuses the stream or the view
     */
    public static ArrowStreamView create(DuckConnection connection, String qualifiedView, ArrowReader reader,
            BufferAllocator allocator) {
        Objects.requireNonNull(qualifiedView, "qualifiedView");
        String select;
        try {
            select = ArrowIngest.selectList(reader.getVectorSchemaRoot().getSchema());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the Arrow stream's schema: " + e.getMessage(), e);
        }
        String streamName = "pz_arrow_" + UUID.randomUUID().toString().replace("-", "");
        ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator);
        DelegatingArrowReader borrowed = new DelegatingArrowReader(allocator, reader, () -> { });
        ArrowStreamView view = new ArrowStreamView(connection, qualifiedView, stream, borrowed);
        try {
            Data.exportArrayStream(allocator, borrowed, stream);
            ArrowIngest.register(connection, streamName, stream);
            connection.execute("create or replace view " + qualifiedView + " as select " + select + " from "
                    + SqlLiterals.identifier(streamName));
            return view;
        } catch (RuntimeException e) {
            view.close();
            throw e;
        }
    }

    /**
     * The failure to report for a statement over the view that failed with {@code duckFailure}: the
     * reader's own exception when loading a batch failed (DuckDB only reports that its scan failed),
     * else {@code duckFailure}.
     */
    public RuntimeException failure(RuntimeException duckFailure) {
        return ArrowIngest.sourceFailureOr(borrowed.sourceFailure(), duckFailure);
    }

    @Override
    public void close() {
        try {
            if (!connection.isClosed()) {
                connection.execute("drop view if exists " + qualifiedView);
            }
        } catch (RuntimeException ignored) {
            // The connection is being closed by a cancel; the run's staging goes with it.
        } finally {
            // DuckDB released the stream when its scan ended; this frees it when no scan started.
            stream.release();
            stream.close();
            try {
                borrowed.close();
            } catch (IOException e) {
                throw new IllegalStateException("cannot close the borrowed Arrow reader: " + e.getMessage(), e);
            }
        }
    }
}
