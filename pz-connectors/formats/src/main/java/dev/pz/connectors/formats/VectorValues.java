package dev.pz.connectors.formats;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Puts one plain Java value into a flat Arrow vector: Integer, Long, Float, Double, BigDecimal,
 * Boolean, String, byte[], LocalDate, LocalTime or LocalDateTime (a UTC wall time), as
 * {@link SourceType} describes them. Null clears the slot.
 */
final class VectorValues {

    private VectorValues() {
    }

    static void set(FieldVector vector, int index, Object value) {
        if (value == null) {
            vector.setNull(index);
            return;
        }
        if (vector instanceof VarCharVector text) {
            text.setSafe(index, ((String) value).getBytes(StandardCharsets.UTF_8));
        } else if (vector instanceof Float8Vector doubles) {
            doubles.setSafe(index, ((Number) value).doubleValue());
        } else if (vector instanceof BigIntVector longs) {
            longs.setSafe(index, ((Number) value).longValue());
        } else if (vector instanceof IntVector ints) {
            ints.setSafe(index, ((Number) value).intValue());
        } else if (vector instanceof BitVector bits) {
            bits.setSafe(index, (Boolean) value ? 1 : 0);
        } else if (vector instanceof DateDayVector days) {
            days.setSafe(index, (int) ((LocalDate) value).toEpochDay());
        } else if (vector instanceof TimeStampMicroTZVector stamps) {
            stamps.setSafe(index, epochMicros((LocalDateTime) value));
        } else if (vector instanceof TimeStampMicroVector stamps) {
            stamps.setSafe(index, epochMicros((LocalDateTime) value));
        } else if (vector instanceof DecimalVector decimals) {
            decimals.setSafe(index, ((BigDecimal) value).setScale(decimals.getScale()));
        } else if (vector instanceof TimeMicroVector times) {
            times.setSafe(index, ((LocalTime) value).toNanoOfDay() / 1000);
        } else if (vector instanceof Float4Vector floats) {
            floats.setSafe(index, ((Number) value).floatValue());
        } else if (vector instanceof VarBinaryVector bytes) {
            bytes.setSafe(index, (byte[]) value);
        } else {
            throw new IllegalStateException("no value writer for " + vector.getField());
        }
    }

    static long epochMicros(LocalDateTime value) {
        return value.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + value.getNano() / 1000;
    }

    static LocalDateTime fromEpochMicros(long micros) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
    }

    /** Bytes a value adds to a batch, for sizing batches against their byte target. */
    static int width(Object value) {
        if (value instanceof String text) {
            return text.length() + 4;
        }
        if (value instanceof byte[] bytes) {
            return bytes.length + 4;
        }
        return value instanceof BigDecimal ? 16 : 8;
    }
}
