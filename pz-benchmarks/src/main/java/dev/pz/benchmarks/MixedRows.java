package dev.pz.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The 5-column mixed schema of the benchmarks (docs/performance.md): id bigint, name varchar, amount
 * double, day date, at timestamp(µs, +00:00). Row i (0-based): id = i, name = "customer-" +
 * (i % 1000), amount = (i % 100000) / 100.0, day = i % 20000 days after 1970-01-01, at = i seconds
 * after the epoch; every 10th name is NULL. Deterministic, no RNG.
 */
final class MixedRows {
    static final int BATCH_ROWS = 122_880;
    static final int ROWS = 1_000_000;

    static final Schema SCHEMA = new Schema(List.of(
            Field.nullable("id", new ArrowType.Int(64, true)),
            Field.nullable("name", ArrowType.Utf8.INSTANCE),
            Field.nullable("amount", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
            new Field("at", FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00")), null)));

    /** The same rows as SQL, for a table to egress from. */
    static final String SQL = "select i::bigint as id, case when i % 10 = 0 then null else 'customer-' || (i % 1000) end"
            + " as name, (i % 100000) / 100.0 as amount, (date '1970-01-01' + (i % 20000)::integer) as day,"
            + " to_timestamp(i)::timestamp as at from range(" + ROWS + ") t(i)";

    private static final byte[][] NAMES = new byte[1000][];

    static {
        for (int i = 0; i < NAMES.length; i++) {
            NAMES[i] = ("customer-" + i).getBytes(StandardCharsets.UTF_8);
        }
    }

    private MixedRows() {
    }

    /** Fills {@code root} (of {@link #SCHEMA}) with rows {@code first .. first + rows - 1}. */
    static void fill(VectorSchemaRoot root, long first, int rows) {
        BigIntVector id = (BigIntVector) root.getVector(0);
        VarCharVector name = (VarCharVector) root.getVector(1);
        Float8Vector amount = (Float8Vector) root.getVector(2);
        DateDayVector day = (DateDayVector) root.getVector(3);
        TimeStampMicroTZVector at = (TimeStampMicroTZVector) root.getVector(4);
        id.allocateNew(rows);
        name.allocateNew(rows * 12L, rows);
        amount.allocateNew(rows);
        day.allocateNew(rows);
        at.allocateNew(rows);
        for (int r = 0; r < rows; r++) {
            long i = first + r;
            id.set(r, i);
            if (i % 10 == 0) {
                name.setNull(r);
            } else {
                name.setSafe(r, NAMES[(int) (i % 1000)]);
            }
            amount.set(r, (i % 100_000) / 100.0);
            day.set(r, (int) (i % 20_000));
            at.set(r, i * 1_000_000L);
        }
        root.setRowCount(rows);
    }

    /** {@code total} rows as record batches of {@link #BATCH_ROWS}; the caller closes them. */
    static List<ArrowRecordBatch> batches(BufferAllocator allocator, long total) {
        List<ArrowRecordBatch> batches = new ArrayList<>();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
            for (long first = 0; first < total; first += BATCH_ROWS) {
                fill(root, first, (int) Math.min(BATCH_ROWS, total - first));
                batches.add(new VectorUnloader(root).getRecordBatch());
                root.clear();
            }
        }
        return batches;
    }
}
