package dev.pz.testing.memory;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Yields a {@code memory} dataset's batches (the store's rows as one batch, or generated ones), or
 * the configured fault; a cancel ends a sleep or a block.
 */
final class MemoryReader extends ArrowReader implements Cancellable {
    private final DatasetSpec spec;
    private final String probe;
    private final Schema declared;
    private final Optional<List<List<Object>>> stored;
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private int emitted;

    MemoryReader(BufferAllocator allocator, DatasetSpec spec, Schema declared, Optional<List<List<Object>>> stored) {
        super(allocator);
        this.spec = spec;
        this.probe = spec.get(MemoryConnector.PROBE);
        this.declared = declared;
        this.stored = stored;
        if (spec.get(MemoryConnector.LEAK)) {
            allocator.buffer(64);
        }
    }

    @Override
    public void cancel() {
        Probes.record(probe, "cancel");
        cancelled.countDown();
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        int sleep = spec.get(MemoryConnector.SLEEP_MS);
        if (sleep > 0 && await(sleep)) {
            throw new IOException("memory source was cancelled while sleeping");
        }
        if (emitted == 0 && (spec.get(MemoryConnector.BLOCK) || spec.get(MemoryConnector.IGNORE_CANCEL))) {
            block();
        }
        if (spec.isSet(MemoryConnector.FAIL_AFTER) && emitted >= spec.get(MemoryConnector.FAIL_AFTER)) {
            String message = "memory source gave up after " + emitted + " batches";
            if (spec.get(MemoryConnector.TRANSIENT)) {
                throw new PzConnectorException(message, true);
            }
            throw new IllegalStateException(message);
        }
        List<List<Object>> rows = nextRows();
        if (rows == null) {
            return false;
        }
        VectorSchemaRoot root = getVectorSchemaRoot();
        root.allocateNew();
        for (int row = 0; row < rows.size(); row++) {
            for (int column = 0; column < root.getFieldVectors().size(); column++) {
                set(root.getVector(column), row, rows.get(row).get(column));
            }
        }
        root.setRowCount(rows.size());
        emitted++;
        return true;
    }

    /** The next batch's rows, or null when the read is done. */
    private List<List<Object>> nextRows() {
        if (stored.isPresent()) {
            return emitted == 0 ? stored.get() : null;
        }
        if (emitted >= spec.get(MemoryConnector.BATCHES)) {
            return null;
        }
        int size = spec.get(MemoryConnector.ROWS);
        List<List<Object>> rows = new ArrayList<>(size);
        for (int row = 0; row < size; row++) {
            long index = (long) emitted * size + row + 1;
            List<Object> values = new ArrayList<>();
            for (Field field : declared.getFields()) {
                values.add(generated(field.getType(), index));
            }
            rows.add(values);
        }
        return rows;
    }

    private static Object generated(ArrowType type, long index) {
        if (type instanceof ArrowType.Int integer) {
            return integer.getBitWidth() == 64 ? index : (Object) (int) index;
        }
        if (type instanceof ArrowType.FloatingPoint) {
            return index * 1.5;
        }
        if (type instanceof ArrowType.Bool) {
            return index % 2 == 0;
        }
        return "n" + index;
    }

    private static void set(FieldVector vector, int row, Object value) {
        if (value == null) {
            vector.setNull(row);
        } else if (vector instanceof BigIntVector v) {
            v.setSafe(row, ((Number) value).longValue());
        } else if (vector instanceof IntVector v) {
            v.setSafe(row, ((Number) value).intValue());
        } else if (vector instanceof Float8Vector v) {
            v.setSafe(row, ((Number) value).doubleValue());
        } else if (vector instanceof BitVector v) {
            v.setSafe(row, (Boolean) value ? 1 : 0);
        } else {
            ((VarCharVector) vector).setSafe(row, String.valueOf(value).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Blocks until cancelled, or with {@code ignore_cancel} until released, then fails. */
    private void block() throws IOException {
        Probes.record(probe, "blocked");
        if (spec.get(MemoryConnector.ANNOUNCE)) {
            System.err.println("memory: blocked " + spec.entity());
            System.err.flush();
        }
        Probes.blocking(probe);
        boolean ignoring = spec.get(MemoryConnector.IGNORE_CANCEL);
        Probes.awaitUninterruptibly(ignoring ? Probes.released(probe) : cancelled);
        Probes.record(probe, ignoring ? "released" : "stopped");
        throw new IOException("memory source stopped " + (ignoring ? "after its release" : "on cancel"));
    }

    /** True when the reader was cancelled within {@code millis}. */
    private boolean await(long millis) throws IOException {
        try {
            return cancelled.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
        Probes.record(probe, "close");
    }

    /** The declared schema; with {@code bad_schema}, every column as text, unlike the declared one. */
    @Override
    protected Schema readSchema() {
        if (!spec.get(MemoryConnector.BAD_SCHEMA)) {
            return declared;
        }
        List<Field> fields = new ArrayList<>();
        declared.getFields().forEach(field -> fields.add(Field.nullable(field.getName(), ArrowType.Utf8.INSTANCE)));
        return new Schema(fields);
    }
}
