package dev.pz.connectors.postgres;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.sql.SQLException;
import java.util.List;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Encodes Arrow batches as PostgreSQL's binary COPY format and feeds them to one {@code COPY …
 * FROM STDIN (FORMAT binary)}. It copies what it needs out of each batch, so batches are only
 * borrowed for the {@link #encode} call.
 */
final class PostgresCopyEncoder {

    /** Where the encoded bytes go: a COPY's {@code writeToCopy}, or a buffer in tests and benchmarks. */
    @FunctionalInterface
    interface Output {
        void write(byte[] bytes, int offset, int length) throws SQLException;
    }

    private static final byte[] HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0, 0, 0, 0, 0, 0,
        0, 0, 0};
    private static final int FLUSH_BYTES = 1 << 20;
    private static final BigInteger TEN_THOUSAND = BigInteger.valueOf(10_000);
    /** The COPY format is big-endian (network order). */
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000};
    /** Largest magnitude that can still be padded by 10^i without overflowing a long. */
    private static final long[] MAX_PADDED = {Long.MAX_VALUE, Long.MAX_VALUE / 10, Long.MAX_VALUE / 100,
        Long.MAX_VALUE / 1_000};

    private final Output copy;
    private final PostgresWriteType[] types;
    private final ArrowType[] arrowTypes;
    private final ArrowColumnBytes[] columns;
    private final long[] timestampFactors;
    private byte[] buffer = new byte[FLUSH_BYTES + (1 << 16)];
    private int length;
    private final short[] smallGroups = new short[6];
    private boolean referenceNumerics;

    PostgresCopyEncoder(Output copy, List<PostgresWriteType> types, List<ArrowType> arrowTypes) {
        this.copy = copy;
        this.types = types.toArray(new PostgresWriteType[0]);
        this.arrowTypes = arrowTypes.toArray(new ArrowType[0]);
        this.columns = new ArrowColumnBytes[this.types.length];
        this.timestampFactors = new long[this.types.length];
        for (int i = 0; i < this.types.length; i++) {
            columns[i] = new ArrowColumnBytes(width(this.types[i], this.arrowTypes[i]));
            if (this.arrowTypes[i] instanceof ArrowType.Timestamp timestamp) {
                timestampFactors[i] = switch (timestamp.getUnit()) {
                    case SECOND -> 1_000_000L;
                    case MILLISECOND -> 1_000L;
                    case MICROSECOND -> 1L;
                    case NANOSECOND -> -1_000L;
                };
            }
        }
        System.arraycopy(HEADER, 0, buffer, 0, HEADER.length);
        length = HEADER.length;
    }

    /** Bytes per value in the Arrow vector of a column; 0 for bits, -1 for variable width. */
    private static int width(PostgresWriteType type, ArrowType arrowType) {
        return switch (type) {
            case INTEGER -> ((ArrowType.Int) arrowType).getBitWidth() / 8;
            case DOUBLE -> ((ArrowType.FloatingPoint) arrowType).getPrecision() == FloatingPointPrecision.SINGLE ? 4 : 8;
            case BIGINT, TIMESTAMPTZ -> 8;
            case NUMERIC -> DecimalVector.TYPE_WIDTH;
            case DATE -> 4;
            case BOOLEAN -> 0;
            case TEXT -> -1;
        };
    }

    /** Tests only: every decimal through the BigDecimal path, to compare the bytes of both. */
    void referenceNumerics() {
        referenceNumerics = true;
    }

    /** Appends every row of {@code batch}; the batch is not kept. */
    void encode(VectorSchemaRoot batch) throws SQLException {
        List<FieldVector> vectors = batch.getFieldVectors();
        int rows = batch.getRowCount();
        int count = columns.length;
        for (int column = 0; column < count; column++) {
            columns[column].load(vectors.get(column), rows);
        }
        for (int row = 0; row < rows; row++) {
            reserve(2);
            putShort(count);
            for (int column = 0; column < count; column++) {
                ArrowColumnBytes values = columns[column];
                if (values.isNull(row)) {
                    reserve(4);
                    putInt(-1);
                    continue;
                }
                encodeValue(column, values, row);
            }
            if (length >= FLUSH_BYTES) {
                flush();
            }
        }
    }

    /** Writes the trailer and hands the rest to the server; the caller then ends the COPY. */
    void finish() throws SQLException {
        reserve(2);
        putShort(-1);
        flush();
    }

    private void encodeValue(int column, ArrowColumnBytes values, int row) {
        switch (types[column]) {
            case INTEGER -> {
                reserve(8);
                putInt(4);
                putInt(smallInteger(column, values, row));
            }
            case BIGINT -> {
                reserve(12);
                putInt(8);
                putLong(values.longAt(row));
            }
            case DOUBLE -> {
                double value = ((ArrowType.FloatingPoint) arrowTypes[column]).getPrecision()
                        == FloatingPointPrecision.SINGLE ? Float.intBitsToFloat(values.intAt(row))
                        : Double.longBitsToDouble(values.longAt(row));
                reserve(12);
                putInt(8);
                putLong(Double.doubleToRawLongBits(value));
            }
            case NUMERIC -> encodeDecimal(values, row);
            case TEXT -> {
                int start = values.start(row);
                int size = values.end(row) - start;
                reserve(4 + size);
                putInt(size);
                System.arraycopy(values.data(), start, buffer, length, size);
                length += size;
            }
            case BOOLEAN -> {
                reserve(5);
                putInt(1);
                buffer[length++] = (byte) (values.bit(row) ? 1 : 0);
            }
            case DATE -> {
                reserve(8);
                putInt(4);
                putInt(values.intAt(row) - PostgresReadType.EPOCH_OFFSET_DAYS);
            }
            case TIMESTAMPTZ -> {
                long raw = values.longAt(row);
                long factor = timestampFactors[column];
                long micros = factor > 0 ? Math.multiplyExact(raw, factor) : Math.floorDiv(raw, -factor);
                reserve(12);
                putInt(8);
                putLong(micros - PostgresReadType.EPOCH_OFFSET_MICROS);
            }
        }
    }

    /** An int of 8, 16 or 32 bits, signed or unsigned below 32 bits (the sink's integer matrix). */
    private int smallInteger(int column, ArrowColumnBytes values, int row) {
        ArrowType.Int type = (ArrowType.Int) arrowTypes[column];
        return switch (type.getBitWidth()) {
            case 8 -> type.getIsSigned() ? values.byteAt(row) : values.byteAt(row) & 0xFF;
            case 16 -> type.getIsSigned() ? values.shortAt(row) : values.shortAt(row) & 0xFFFF;
            default -> values.intAt(row);
        };
    }

    /**
     * A decimal whose unscaled value fits a long (every decimal(18,s) and most decimal(38,9)) is
     * split into base-10000 groups with long arithmetic; anything wider takes the BigDecimal path.
     * Both write the same bytes.
     */
    private void encodeDecimal(ArrowColumnBytes values, int row) {
        DecimalVector vector = (DecimalVector) values.vector();
        int scale = vector.getScale();
        if (LITTLE_ENDIAN && scale >= 0 && !referenceNumerics) {
            long low = values.longOf128(row, 0);
            long high = values.longOf128(row, 1);
            int fractionGroups = (scale + 3) / 4;
            int pad = fractionGroups * 4 - scale;
            if (high == (low >> 63) && low != Long.MIN_VALUE && Math.abs(low) <= MAX_PADDED[pad]) {
                encodeSmallNumeric(Math.abs(low) * POWERS_OF_TEN[pad], low < 0, scale, fractionGroups);
                return;
            }
        }
        encodeNumeric(vector.getObject(row));
    }

    private void encodeSmallNumeric(long padded, boolean negative, int scale, int fractionGroups) {
        int groupCount = 0;
        short[] groups = smallGroups;
        while (padded > 0) {
            groups[groupCount++] = (short) (padded % 10_000);
            padded /= 10_000;
        }
        int weight = groupCount - fractionGroups - 1;
        int low = 0;
        while (low < groupCount && groups[low] == 0) {
            low++;
        }
        int digitCount = groupCount - low;
        if (digitCount == 0) {
            weight = 0;
            negative = false;
        }
        reserve(4 + 8 + 2 * digitCount);
        putInt(8 + 2 * digitCount);
        putShort(digitCount);
        putShort(weight);
        putShort(negative ? 0x4000 : 0);
        putShort(scale);
        for (int i = groupCount - 1; i >= low; i--) {
            putShort(groups[i]);
        }
    }

    /** PostgreSQL's binary numeric: base-10000 digits, weight, sign and display scale. */
    private void encodeNumeric(BigDecimal value) {
        int scale = Math.max(value.scale(), 0);
        int fractionGroups = (scale + 3) / 4;
        BigInteger unscaled = value.abs().setScale(fractionGroups * 4).unscaledValue();
        int groupCount = 0;
        short[] groups = new short[unscaled.bitLength() / 13 + 2];
        while (unscaled.signum() > 0) {
            BigInteger[] division = unscaled.divideAndRemainder(TEN_THOUSAND);
            groups[groupCount++] = division[1].shortValue();
            unscaled = division[0];
        }
        int weight = groupCount - fractionGroups - 1;
        int low = 0;
        while (low < groupCount && groups[low] == 0) {
            low++;
        }
        int digitCount = groupCount - low;
        if (digitCount == 0) {
            weight = 0;
        }
        reserve(4 + 8 + 2 * digitCount);
        putInt(8 + 2 * digitCount);
        putShort(digitCount);
        putShort(weight);
        putShort(value.signum() < 0 ? 0x4000 : 0);
        putShort(scale);
        for (int i = groupCount - 1; i >= low; i--) {
            putShort(groups[i]);
        }
    }

    private void flush() throws SQLException {
        if (length > 0) {
            copy.write(buffer, 0, length);
            length = 0;
        }
    }

    private void reserve(int bytes) {
        if (length + bytes > buffer.length) {
            byte[] larger = new byte[Math.max(buffer.length * 2, length + bytes)];
            System.arraycopy(buffer, 0, larger, 0, length);
            buffer = larger;
        }
    }

    private void putShort(int value) {
        SHORT.set(buffer, length, (short) value);
        length += 2;
    }

    private void putInt(int value) {
        INT.set(buffer, length, value);
        length += 4;
    }

    private void putLong(long value) {
        LONG.set(buffer, length, value);
        length += 8;
    }
}
