package dev.pz.duckdb;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Deterministic rows of the mixed schema the ingest benchmarks use: id bigint, name varchar,
 * amount double, day date, at timestamp(µs, +00:00), flag boolean. Row i (0-based) holds
 * id = i, name = "name-" + (i % 1000), amount = i / 4.0, day = i % 20000 days after 1970-01-01,
 * at = i seconds after the epoch, flag = i % 3 == 0; every 7th name is NULL.
 * Optionally throws after {@code failAfterRows} rows.
 */
class GeneratedArrowReader extends ArrowReader {

    static final Schema SCHEMA = new Schema(List.of(
            Field.nullable("id", new ArrowType.Int(64, true)),
            Field.nullable("name", ArrowType.Utf8.INSTANCE),
            Field.nullable("amount", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
            new Field("at", FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00")), null),
            Field.nullable("flag", ArrowType.Bool.INSTANCE)));

    private final long totalRows;
    private final int batchRows;
    private final long failAfterRows;
    private long produced;
    int batchesLoaded;

    GeneratedArrowReader(BufferAllocator allocator, long totalRows, int batchRows, long failAfterRows) {
        super(allocator);
        this.totalRows = totalRows;
        this.batchRows = batchRows;
        this.failAfterRows = failAfterRows;
    }

    @Override
    public boolean loadNextBatch() {
        if (produced >= totalRows) {
            return false;
        }
        if (failAfterRows >= 0 && produced >= failAfterRows) {
            throw new IllegalStateException("generated failure after " + produced + " rows");
        }
        VectorSchemaRoot root;
        try {
            root = getVectorSchemaRoot();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        int rows = (int) Math.min(batchRows, totalRows - produced);
        BigIntVector id = (BigIntVector) root.getVector(0);
        VarCharVector name = (VarCharVector) root.getVector(1);
        Float8Vector amount = (Float8Vector) root.getVector(2);
        DateDayVector day = (DateDayVector) root.getVector(3);
        TimeStampMicroTZVector at = (TimeStampMicroTZVector) root.getVector(4);
        BitVector flag = (BitVector) root.getVector(5);
        root.allocateNew();
        for (int r = 0; r < rows; r++) {
            long i = produced + r;
            id.setSafe(r, i);
            if (i % 7 == 0) {
                name.setNull(r);
            } else {
                name.setSafe(r, ("name-" + (i % 1000)).getBytes(StandardCharsets.UTF_8));
            }
            amount.setSafe(r, i / 4.0);
            day.setSafe(r, (int) (i % 20000));
            at.setSafe(r, i * 1_000_000L);
            flag.setSafe(r, i % 3 == 0 ? 1 : 0);
        }
        root.setRowCount(rows);
        produced += rows;
        batchesLoaded++;
        return true;
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
    }

    @Override
    protected Schema readSchema() {
        return SCHEMA;
    }
}
