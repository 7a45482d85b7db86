package dev.pz.connectors.sqlserver;

import com.microsoft.sqlserver.jdbc.ISQLServerBulkData;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One Arrow batch as the bulk copy's row source: {@link ISQLServerBulkData}, the interface
 * {@code SQLServerBulkCopy.writeToServer} reads (the driver calls nothing of the wider
 * {@code ISQLServerBulkRecord}, whose extra methods configure text parsing for CSV sources). Values
 * are read straight from the vectors, one row at a time as the driver asks, in the Java types the
 * driver writes for each announced JDBC type: {@code Short}, {@code Integer}, {@code Long},
 * {@code Float}, {@code Double}, {@code BigDecimal}, {@code Boolean}, {@code String} for text,
 * {@code byte[]} for binary, and text ({@code yyyy-MM-dd}, {@code yyyy-MM-dd HH:mm:ss.ffffff} as
 * the UTC wall clock) for dates and timestamps, which the driver sends as text for the server to
 * read. NULL is {@code null}.
 *
 * <p>The adapter lends the batch: it is valid only during the {@code writeToServer} call it serves.
 * {@link #getRowData} returns the same array for every row, refilled; the driver writes a row's
 * values before it asks for the next row.
 */
final class ArrowBulkData implements ISQLServerBulkData {

    private static final long serialVersionUID = 1L;

    /** A column as announced to the driver: its name, JDBC type, precision and scale. */
    record Column(String name, int jdbcType, int precision, int scale) {
    }

    private final List<Column> columns;
    private final transient ValueReader[] readers;
    private final transient Object[] row;
    private final int rowCount;
    private int current = -1;

    ArrowBulkData(List<Column> columns, VectorSchemaRoot batch) {
        if (columns.size() != batch.getFieldVectors().size()) {
            throw new IllegalArgumentException("the batch has " + batch.getFieldVectors().size() + " columns, expected "
                    + columns.size());
        }
        this.columns = List.copyOf(columns);
        this.readers = batch.getFieldVectors().stream().map(ArrowBulkData::reader).toArray(ValueReader[]::new);
        this.row = new Object[columns.size()];
        this.rowCount = batch.getRowCount();
    }

    /** The ordinals 1..n, in column order. */
    @Override
    public Set<Integer> getColumnOrdinals() {
        Set<Integer> ordinals = new LinkedHashSet<>();
        for (int i = 1; i <= columns.size(); i++) {
            ordinals.add(i);
        }
        return Collections.unmodifiableSet(ordinals);
    }

    @Override
    public String getColumnName(int column) {
        return columns.get(column - 1).name();
    }

    @Override
    public int getColumnType(int column) {
        return columns.get(column - 1).jdbcType();
    }

    @Override
    public int getPrecision(int column) {
        return columns.get(column - 1).precision();
    }

    @Override
    public int getScale(int column) {
        return columns.get(column - 1).scale();
    }

    @Override
    public boolean next() {
        if (current + 1 >= rowCount) {
            current = rowCount;
            return false;
        }
        current++;
        return true;
    }

    /** The current row's values, in column order; valid until the next call. */
    @Override
    public Object[] getRowData() {
        if (current < 0 || current >= rowCount) {
            throw new IllegalStateException("no current row: call next() first");
        }
        for (int i = 0; i < row.length; i++) {
            row[i] = readers[i].read(current);
        }
        return row;
    }

    /** Reads one row's value of one column; null for NULL. */
    @FunctionalInterface
    interface ValueReader {
        Object read(int index);
    }

    /**
     * The reader of one vector, chosen once per batch: each value in the Java type the driver
     * expects for its column's announced JDBC type.
     */
    static ValueReader reader(FieldVector vector) {
        ValueReader values = valuesOf(vector);
        return index -> vector.isNull(index) ? null : values.read(index);
    }

    private static ValueReader valuesOf(FieldVector vector) {
        if (vector instanceof IntVector v) {
            return v::get;
        }
        if (vector instanceof BigIntVector v) {
            return v::get;
        }
        if (vector instanceof SmallIntVector v) {
            return v::get;
        }
        if (vector instanceof TinyIntVector v) {
            return index -> (short) v.get(index);
        }
        if (vector instanceof Float8Vector v) {
            return v::get;
        }
        if (vector instanceof Float4Vector v) {
            return v::get;
        }
        if (vector instanceof DecimalVector v) {
            return v::getObject;
        }
        if (vector instanceof VarCharVector v) {
            return index -> new String(v.get(index), StandardCharsets.UTF_8);
        }
        if (vector instanceof LargeVarCharVector v) {
            return index -> new String(v.get(index), StandardCharsets.UTF_8);
        }
        if (vector instanceof BitVector v) {
            return index -> v.get(index) != 0;
        }
        if (vector instanceof DateDayVector v) {
            return index -> TemporalText.date(v.get(index));
        }
        if (vector instanceof DateMilliVector v) {
            return index -> TemporalText.date(Math.floorDiv(v.get(index), 86_400_000L));
        }
        if (vector instanceof TimeStampVector v) {
            TimeUnit unit = ((ArrowType.Timestamp) v.getField().getType()).getUnit();
            return index -> TemporalText.timestamp(micros(v.get(index), unit));
        }
        if (vector instanceof VarBinaryVector v) {
            return v::get;
        }
        if (vector instanceof LargeVarBinaryVector v) {
            return v::get;
        }
        if (vector instanceof FixedSizeBinaryVector v) {
            return v::get;
        }
        if (vector instanceof BaseVariableWidthViewVector v) {
            return v.getField().getType() instanceof ArrowType.Utf8View
                    ? index -> new String(v.get(index), StandardCharsets.UTF_8)
                    : v::get;
        }
        throw new IllegalArgumentException("no bulk copy value for Arrow vector " + vector.getClass().getSimpleName());
    }

    private static long micros(long value, TimeUnit unit) {
        return switch (unit) {
            case SECOND -> Math.multiplyExact(value, 1_000_000L);
            case MILLISECOND -> Math.multiplyExact(value, 1_000L);
            case MICROSECOND -> value;
            case NANOSECOND -> Math.floorDiv(value, 1_000L);
        };
    }
}
