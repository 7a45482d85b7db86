package dev.pz.connectors.sql;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Moves one value of a {@link ColumnKind} (its {@link JdbcValues} Java type) into or out of an Arrow vector. */
public final class ArrowColumns {

    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private ArrowColumns() {
    }

    /** Sets row {@code row} of a vector created for {@link ColumnKind#arrowType()}; null sets null. */
    public static void set(FieldVector vector, int row, ColumnKind kind, Object value) {
        if (value == null) {
            vector.setNull(row);
            return;
        }
        switch (kind) {
            case INT -> ((IntVector) vector).setSafe(row, (Integer) value);
            case BIGINT -> ((BigIntVector) vector).setSafe(row, (Long) value);
            case DOUBLE -> ((Float8Vector) vector).setSafe(row, (Double) value);
            case DECIMAL -> ((DecimalVector) vector).setSafe(row, ((BigDecimal) value)
                    .setScale(((DecimalVector) vector).getScale(), RoundingMode.HALF_EVEN));
            case VARCHAR -> ((VarCharVector) vector).setSafe(row, ((String) value).getBytes(StandardCharsets.UTF_8));
            case BOOLEAN -> ((BitVector) vector).setSafe(row, (Boolean) value ? 1 : 0);
            case DATE -> ((DateDayVector) vector).setSafe(row, Math.toIntExact(((LocalDate) value).toEpochDay()));
            case TIMESTAMP -> ((TimeStampVector) vector).setSafe(row, ChronoUnit.MICROS.between(EPOCH, (LocalDateTime) value));
            case TIME -> ((TimeMicroVector) vector).setSafe(row, ((LocalTime) value).toNanoOfDay() / 1_000);
            case BLOB -> ((VarBinaryVector) vector).setSafe(row, (byte[]) value);
        }
    }

    /** Row {@code row} of any vector whose type {@link ColumnKind#of(ArrowType)} knows, as its kind's Java type. */
    public static Object get(FieldVector vector, int row) {
        if (vector.isNull(row)) {
            return null;
        }
        ArrowType type = vector.getField().getType();
        if (vector instanceof TinyIntVector tiny) {
            return (int) tiny.get(row);
        }
        if (vector instanceof SmallIntVector small) {
            return (int) small.get(row);
        }
        if (vector instanceof IntVector integer) {
            return integer.get(row);
        }
        if (vector instanceof BigIntVector big) {
            return big.get(row);
        }
        if (vector instanceof Float4Vector single) {
            return (double) single.get(row);
        }
        if (vector instanceof Float8Vector dbl) {
            return dbl.get(row);
        }
        if (vector instanceof DecimalVector decimal) {
            return decimal.getObject(row);
        }
        if (vector instanceof VarCharVector text) {
            return new String(text.get(row), StandardCharsets.UTF_8);
        }
        if (vector instanceof BitVector bit) {
            return bit.get(row) != 0;
        }
        if (vector instanceof DateDayVector day) {
            return LocalDate.ofEpochDay(day.get(row));
        }
        if (vector instanceof DateMilliVector milli) {
            return LocalDate.ofEpochDay(Math.floorDiv(milli.get(row), 86_400_000L));
        }
        if (vector instanceof TimeStampVector stamp && type instanceof ArrowType.Timestamp timestamp) {
            return EPOCH.plus(stamp.get(row), unit(timestamp.getUnit()));
        }
        if (vector instanceof TimeMicroVector time) {
            return LocalTime.ofNanoOfDay(time.get(row) * 1_000);
        }
        if (vector instanceof VarBinaryVector binary) {
            return binary.get(row);
        }
        throw new IllegalArgumentException("column '" + vector.getField().getName() + "' has Arrow type " + type
                + ", which this connector cannot write");
    }

    private static ChronoUnit unit(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> ChronoUnit.SECONDS;
            case MILLISECOND -> ChronoUnit.MILLIS;
            case MICROSECOND -> ChronoUnit.MICROS;
            case NANOSECOND -> ChronoUnit.NANOS;
        };
    }
}
