package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.BatchOptions;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Streams one select into Arrow batches: the driver's forward-only result, each column copied with
 * its typed getter into its vector ({@link ColumnCopier}), batches cut at the row limit or the byte
 * target. The reader owns its session: each batch is valid until the next {@link #loadNextBatch()}
 * or {@link #close()}; closing mid-stream closes the session, which abandons the rest of the result.
 */
final class SqlServerArrowReader extends ArrowReader {

    /** Where one output field comes from: a 1-based result column and its matrix type. */
    record Source(int index, SqlServerReadType type) {
    }

    private final String dataset;
    private final SqlServerConnectionSettings settings;
    private final Schema schema;
    private final List<Source> sources;
    private final BatchOptions options;
    private final ResultSet rows;
    private final AutoCloseable owner;
    private List<ColumnCopier> copiers;
    private boolean finished;
    private int lastBatchRows;
    private long bytesRead;

    SqlServerArrowReader(BufferAllocator allocator, String dataset, SqlServerConnectionSettings settings, Schema schema,
            List<Source> sources, BatchOptions options, ResultSet rows, AutoCloseable owner) {
        super(allocator);
        this.dataset = dataset;
        this.settings = settings;
        this.schema = schema;
        this.sources = List.copyOf(sources);
        this.options = options;
        this.rows = rows;
        this.owner = owner;
    }

    /** Connects and runs the select; the caller owns the returned reader. */
    static SqlServerArrowReader open(BufferAllocator allocator, String dataset, SqlServerConnectionSettings settings,
            Schema schema, List<Source> sources, String select, BatchOptions options) {
        Connection connection;
        try {
            connection = settings.open();
        } catch (SQLException e) {
            throw SqlServerErrors.wrap("dataset '" + dataset + "': sqlserver read failed", e, settings);
        }
        try {
            Statement statement = connection.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            ResultSet rows = statement.executeQuery(select);
            return new SqlServerArrowReader(allocator, dataset, settings, schema, sources, options, rows, connection);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(connection);
            throw SqlServerErrors.wrap("dataset '" + dataset + "': sqlserver read failed", e, settings);
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
        VectorSchemaRoot root = getVectorSchemaRoot();
        List<FieldVector> vectors = root.getFieldVectors();
        prepare(vectors);
        int maxRows = Math.max(1, options.maxRows());
        long targetBytes = Math.max(1, options.targetBytes());
        int count = 0;
        long bytes = 0;
        try {
            while (count < maxRows && bytes < targetBytes) {
                if (!rows.next()) {
                    finished = true;
                    break;
                }
                for (ColumnCopier copier : copiers) {
                    bytes += copier.copy(rows, count);
                }
                count++;
            }
        } catch (SQLException e) {
            throw SqlServerErrors.wrap("dataset '" + dataset + "': sqlserver read failed mid-stream", e, settings);
        }
        root.setRowCount(count);
        lastBatchRows = count;
        bytesRead += bytes;
        return count > 0;
    }

    /** The batches' estimated size so far (fixed widths, text and binary by length). */
    @Override
    public long bytesRead() {
        return bytesRead;
    }

    @Override
    protected void closeReadSource() {
        closeQuietly(owner);
    }

    private void prepare(List<FieldVector> vectors) {
        // Fresh buffers for every batch: the engine may still hold the previous batch's buffers.
        for (FieldVector vector : vectors) {
            vector.setInitialCapacity(Math.min(Math.max(1, options.maxRows()), Math.max(1024, lastBatchRows)));
            vector.allocateNew();
        }
        if (copiers == null) {
            copiers = new ArrayList<>();
            for (int i = 0; i < sources.size(); i++) {
                Source source = sources.get(i);
                copiers.add(ColumnCopier.of(source.type(), schema.getFields().get(i).getName(), source.index(),
                        vectors.get(i)));
            }
        }
    }

    private static void closeQuietly(AutoCloseable resource) {
        try {
            resource.close();
        } catch (Exception e) {
            // The session is being discarded; a failed close leaves nothing to undo.
        }
    }
}
