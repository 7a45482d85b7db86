package dev.pz.connectors.postgres;

import dev.pz.connectors.api.error.PzConnectorException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.sql.SQLException;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Decodes PostgreSQL's binary COPY stream into Arrow vectors, one batch at a time. The bytes come
 * from {@link Chunks} (the server's CopyData messages, in order); the decoder knows nothing of the
 * connection, so it can be measured and tested without a server. Each batch is built in heap
 * arrays ({@link ArrowColumnBuilder}) and copied into the vectors' fresh buffers at its end.
 */
final class BinaryCopyDecoder {

    /** The stream's pieces in order; {@code null} once the stream has ended. */
    @FunctionalInterface
    interface Chunks {
        byte[] next() throws SQLException;
    }

    private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};
    /** The COPY format is big-endian (network order). */
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final long[] POWERS_OF_TEN = new long[19];
    private static final BigInteger DECIMAL_LIMIT = BigInteger.TEN.pow(38);
    private static final int SCALE = 9;

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    private final String dataset;
    private final Schema schema;
    private final PostgresReadType[] types;
    private final Chunks chunks;
    private byte[] buffer = new byte[0];
    private int position;
    private int limit;
    private long bytesRead;
    private boolean headerRead;
    private boolean finished;
    private final ArrowColumnBuilder[] columns;

    BinaryCopyDecoder(String dataset, Schema schema, List<PostgresReadType> types, Chunks chunks) {
        this.dataset = dataset;
        this.schema = schema;
        this.types = types.toArray(new PostgresReadType[0]);
        this.chunks = chunks;
        this.columns = new ArrowColumnBuilder[this.types.length];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = new ArrowColumnBuilder(switch (this.types[i]) {
                case TEXT -> -1;
                case BOOLEAN -> 0;
                default -> this.types[i].width();
            });
        }
    }

    /** Whether the trailer has been read: no rows follow. */
    boolean finished() {
        return finished;
    }

    long bytesRead() {
        return bytesRead;
    }

    /**
     * Decodes rows into fresh buffers of {@code vectors} until {@code maxRows}, the byte target or
     * the trailer; returns the number of rows decoded.
     */
    int decode(List<FieldVector> vectors, int maxRows, long targetBytes) throws SQLException {
        for (ArrowColumnBuilder column : columns) {
            column.clear();
        }
        int rows = 0;
        long bytes = 0;
        if (!headerRead) {
            readHeader();
        }
        while (rows < maxRows && bytes < targetBytes) {
            if (!ensure(2)) {
                throw midStream("the server ended the COPY stream without its trailer");
            }
            int fieldCount = readShort();
            if (fieldCount == -1) {
                finished = true;
                break;
            }
            if (fieldCount != types.length) {
                throw midStream("expected " + types.length + " fields per row, got " + fieldCount);
            }
            for (int column = 0; column < types.length; column++) {
                if (!ensure(4)) {
                    throw midStream("the COPY stream ended inside a row");
                }
                int length = readInt();
                bytes += types[column].width();
                if (length < 0) {
                    columns[column].setNull(rows);
                    continue;
                }
                if (!ensure(length)) {
                    throw midStream("the COPY stream ended inside a value");
                }
                decode(column, columns[column], rows, position, length);
                position += length;
                if (types[column] == PostgresReadType.TEXT) {
                    bytes += length;
                }
            }
            rows++;
        }
        // Fresh buffers for every batch: the engine unloads a batch by retaining its buffers and
        // queues it while this reader fills the next one, so refilling them would overwrite rows
        // DuckDB has not read yet.
        for (int column = 0; column < columns.length; column++) {
            columns[column].copyInto(vectors.get(column), rows);
        }
        return rows;
    }

    private void readHeader() throws SQLException {
        if (!ensure(SIGNATURE.length + 8)) {
            throw midStream("the COPY stream ended before its header");
        }
        for (byte expected : SIGNATURE) {
            if (buffer[position++] != expected) {
                throw midStream("the COPY stream does not start with the binary COPY signature");
            }
        }
        readInt();
        int extension = readInt();
        if (!ensure(extension)) {
            throw midStream("the COPY stream ended inside its header");
        }
        position += extension;
        headerRead = true;
    }

    private boolean ensure(int count) throws SQLException {
        while (limit - position < count) {
            byte[] next = chunks.next();
            if (next == null) {
                return false;
            }
            bytesRead += next.length;
            int remaining = limit - position;
            if (remaining == 0) {
                buffer = next;
            } else {
                byte[] joined = new byte[remaining + next.length];
                System.arraycopy(buffer, position, joined, 0, remaining);
                System.arraycopy(next, 0, joined, remaining, next.length);
                buffer = joined;
            }
            position = 0;
            limit = buffer.length;
        }
        return true;
    }

    private int readShort() {
        int value = shortAt(position);
        position += 2;
        return value;
    }

    private int readInt() {
        int value = intAt(position);
        position += 4;
        return value;
    }

    private int intAt(int offset) {
        return (int) INT.get(buffer, offset);
    }

    private long longAt(int offset) {
        return (long) LONG.get(buffer, offset);
    }

    private int shortAt(int offset) {
        return (short) SHORT.get(buffer, offset);
    }

    private void decode(int column, ArrowColumnBuilder values, int row, int offset, int length) {
        switch (types[column]) {
            case INTEGER -> values.setInt(row, intAt(offset));
            case BIGINT, DOUBLE -> values.setLong(row, longAt(offset));
            case NUMERIC -> decodeNumeric(column, values, row, offset);
            case TEXT -> values.setBytes(row, buffer, offset, length);
            case BOOLEAN -> values.setBit(row, buffer[offset] != 0);
            case DATE -> {
                int days = intAt(offset);
                if (days == Integer.MAX_VALUE || days == Integer.MIN_VALUE) {
                    throw outOfRange(column, "date");
                }
                values.setInt(row, days + PostgresReadType.EPOCH_OFFSET_DAYS);
            }
            case TIMESTAMP, TIMESTAMPTZ -> {
                long micros = longAt(offset);
                if (micros == Long.MAX_VALUE || micros == Long.MIN_VALUE) {
                    throw outOfRange(column, "timestamp");
                }
                values.setLong(row, micros + PostgresReadType.EPOCH_OFFSET_MICROS);
            }
        }
    }

    /**
     * PostgreSQL's binary numeric is base-10000 digits with a weight; the value is taken at scale 9
     * exactly or refused: a value is never rounded silently.
     */
    private void decodeNumeric(int column, ArrowColumnBuilder values, int row, int offset) {
        int digitCount = shortAt(offset);
        int weight = shortAt(offset + 2);
        int sign = shortAt(offset + 4) & 0xFFFF;
        if (sign == 0xC000 || sign == 0xD000 || sign == 0xF000) {
            throw outOfRange(column, "decimal128(38,9)");
        }
        // value = N * 10000^(weight - digitCount + 1), N the digits read as one base-10000 number
        int exponent = 4 * (weight - digitCount + 1) + SCALE;
        long small = 0;
        BigInteger big = null;
        for (int i = 0; i < digitCount; i++) {
            int digit = shortAt(offset + 8 + 2 * i);
            if (big == null && small > (Long.MAX_VALUE - 9_999) / 10_000) {
                big = BigInteger.valueOf(small);
            }
            if (big == null) {
                small = small * 10_000 + digit;
            } else {
                big = big.multiply(BigInteger.valueOf(10_000)).add(BigInteger.valueOf(digit));
            }
        }
        boolean negative = sign == 0x4000;
        if (digitCount == 0) {
            values.set128(row, 0L, 0L);
            return;
        }
        if (big == null) {
            if (exponent >= 0 && exponent < POWERS_OF_TEN.length && small <= Long.MAX_VALUE / POWERS_OF_TEN[exponent]) {
                long unscaled = small * POWERS_OF_TEN[exponent];
                setDecimal(values, row, negative ? -unscaled : unscaled);
                return;
            }
            if (exponent < 0 && -exponent < POWERS_OF_TEN.length) {
                long divisor = POWERS_OF_TEN[-exponent];
                if (small % divisor != 0) {
                    throw scaleExceeded(column);
                }
                long unscaled = small / divisor;
                setDecimal(values, row, negative ? -unscaled : unscaled);
                return;
            }
            big = BigInteger.valueOf(small);
        }
        BigInteger unscaled;
        if (exponent >= 0) {
            unscaled = big.multiply(BigInteger.TEN.pow(exponent));
        } else {
            BigInteger[] quotient = big.divideAndRemainder(BigInteger.TEN.pow(-exponent));
            if (quotient[1].signum() != 0) {
                throw scaleExceeded(column);
            }
            unscaled = quotient[0];
        }
        if (unscaled.compareTo(DECIMAL_LIMIT) >= 0) {
            throw outOfRange(column, "decimal128(38,9)");
        }
        BigInteger signed = negative ? unscaled.negate() : unscaled;
        values.set128(row, signed.shiftRight(64).longValue(), signed.longValue());
    }

    private static void setDecimal(ArrowColumnBuilder values, int row, long unscaled) {
        values.set128(row, unscaled >> 63, unscaled);
    }

    private PzConnectorException scaleExceeded(int column) {
        return new PzConnectorException("column '" + schema.getFields().get(column).getName()
                + "': value exceeds decimal128(38,9) scale -- cast the column in query: "
                + "(e.g. ::numeric(38,9) or ::text) or declare it varchar in columns:", false);
    }

    private PzConnectorException outOfRange(int column, String target) {
        return new PzConnectorException("column '" + schema.getFields().get(column).getName()
                + "': value is outside the range of " + target + " (NaN, infinity or too many digits) -- cast the column "
                + "in query: (e.g. ::text)", false);
    }

    private PzConnectorException midStream(String reason) {
        return new PzConnectorException("dataset '" + dataset + "': postgres read failed mid-stream: " + reason, true);
    }
}
