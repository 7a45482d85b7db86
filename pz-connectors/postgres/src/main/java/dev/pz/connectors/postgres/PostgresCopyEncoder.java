package dev.pz.connectors.postgres;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
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
    private static final boolean LITTLE_ENDIAN = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000};
    /** Largest magnitude that can still be padded by 10^i without overflowing a long. */
    private static final long[] MAX_PADDED = {Long.MAX_VALUE, Long.MAX_VALUE / 10, Long.MAX_VALUE / 100,
        Long.MAX_VALUE / 1_000};

    private final Output copy;
    private final List<PostgresWriteType> types;
    private final long[] timestampFactors;
    private byte[] buffer = new byte[FLUSH_BYTES + (1 << 16)];
    private int length;
    private final short[] smallGroups = new short[6];
    private boolean referenceNumerics;

    PostgresCopyEncoder(Output copy, List<PostgresWriteType> types, List<ArrowType> arrowTypes) {
        this.copy = copy;
        this.types = List.copyOf(types);
        this.timestampFactors = new long[types.size()];
        for (int i = 0; i < types.size(); i++) {
            if (arrowTypes.get(i) instanceof ArrowType.Timestamp timestamp) {
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

    /** Tests only: every decimal through the BigDecimal path, to compare the bytes of both. */
    void referenceNumerics() {
        referenceNumerics = true;
    }

    /** Appends every row of {@code batch}; the batch is not kept. */
    void encode(VectorSchemaRoot batch) throws SQLException {
        List<FieldVector> vectors = batch.getFieldVectors();
        int rows = batch.getRowCount();
        int columns = types.size();
        for (int row = 0; row < rows; row++) {
            reserve(2);
            putShort(columns);
            for (int column = 0; column < columns; column++) {
                FieldVector vector = vectors.get(column);
                if (vector.isNull(row)) {
                    reserve(4);
                    putInt(-1);
                    continue;
                }
                encodeValue(column, vector, row);
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

    private void encodeValue(int column, FieldVector vector, int row) {
        switch (types.get(column)) {
            case INTEGER -> {
                reserve(8);
                putInt(4);
                putInt((int) ((BaseIntVector) vector).getValueAsLong(row));
            }
            case BIGINT -> {
                reserve(12);
                putInt(8);
                putLong(((BigIntVector) vector).get(row));
            }
            case DOUBLE -> {
                double value = vector instanceof Float4Vector single ? single.get(row) : ((Float8Vector) vector).get(row);
                reserve(12);
                putInt(8);
                putLong(Double.doubleToRawLongBits(value));
            }
            case NUMERIC -> encodeDecimal((DecimalVector) vector, row);
            case TEXT -> {
                VarCharVector text = (VarCharVector) vector;
                ArrowBuf offsets = text.getOffsetBuffer();
                int start = offsets.getInt((long) row * VarCharVector.OFFSET_WIDTH);
                int end = offsets.getInt((long) (row + 1) * VarCharVector.OFFSET_WIDTH);
                int size = end - start;
                reserve(4 + size);
                putInt(size);
                text.getDataBuffer().getBytes(start, buffer, length, size);
                length += size;
            }
            case BOOLEAN -> {
                reserve(5);
                putInt(1);
                buffer[length++] = (byte) ((BitVector) vector).get(row);
            }
            case DATE -> {
                reserve(8);
                putInt(4);
                putInt(((DateDayVector) vector).get(row) - PostgresReadType.EPOCH_OFFSET_DAYS);
            }
            case TIMESTAMPTZ -> {
                long raw = ((TimeStampVector) vector).get(row);
                long factor = timestampFactors[column];
                long micros = factor > 0 ? Math.multiplyExact(raw, factor) : Math.floorDiv(raw, -factor);
                reserve(12);
                putInt(8);
                putLong(micros - PostgresReadType.EPOCH_OFFSET_MICROS);
            }
        }
    }

    /**
     * A decimal whose unscaled value fits a long (every decimal(18,s) and most decimal(38,9)) is
     * split into base-10000 groups with long arithmetic; anything wider takes the BigDecimal path.
     * Both write the same bytes.
     */
    private void encodeDecimal(DecimalVector vector, int row) {
        int scale = vector.getScale();
        if (LITTLE_ENDIAN && scale >= 0 && !referenceNumerics) {
            ArrowBuf data = vector.getDataBuffer();
            long index = (long) row * DecimalVector.TYPE_WIDTH;
            long low = data.getLong(index);
            long high = data.getLong(index + 8);
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
        buffer[length++] = (byte) (value >>> 8);
        buffer[length++] = (byte) value;
    }

    private void putInt(int value) {
        buffer[length++] = (byte) (value >>> 24);
        buffer[length++] = (byte) (value >>> 16);
        buffer[length++] = (byte) (value >>> 8);
        buffer[length++] = (byte) value;
    }

    private void putLong(long value) {
        putInt((int) (value >>> 32));
        putInt((int) value);
    }
}
