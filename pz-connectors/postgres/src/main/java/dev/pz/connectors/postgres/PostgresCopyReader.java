package dev.pz.connectors.postgres;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyOut;

/**
 * Streams one select as {@code COPY (…) TO STDOUT (FORMAT binary)} and decodes the rows straight
 * into Arrow vectors. The reader owns its connection and its root: each batch is valid until the
 * next {@link #loadNextBatch()} or {@link #close()}; closing mid-stream drops the connection, which
 * ends the server's COPY. {@link #cancel()} stops a COPY whose query is still running (a slow
 * select, a lock wait) from another thread; a cancel that reaches the server in the instant before
 * it reads the COPY is lost (the protocol ignores a cancel on an idle session), and the engine's
 * grace period then applies.
 */
final class PostgresCopyReader extends ArrowReader implements Cancellable {

    private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};
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
    private final PostgresConnectionSettings settings;
    private final Schema schema;
    private final PostgresReadType[] types;
    private final BatchOptions options;
    private final Connection connection;
    private final String select;
    /** Started by the first {@link #loadNextBatch()}: a query may run long before its first row, and cancel must reach it. */
    private CopyOut copy;

    private byte[] buffer = new byte[0];
    private int position;
    private int limit;
    private long bytesRead;
    private boolean headerRead;
    private boolean finished;
    private boolean vectorsAllocated;
    private int lastBatchRows;

    private PostgresCopyReader(BufferAllocator allocator, String dataset, PostgresConnectionSettings settings,
            Schema schema, List<PostgresReadType> types, BatchOptions options, Connection connection, String select) {
        super(allocator);
        this.dataset = dataset;
        this.settings = settings;
        this.schema = schema;
        this.types = types.toArray(new PostgresReadType[0]);
        this.options = options;
        this.connection = connection;
        this.select = select;
    }

    /** Connects; the COPY starts with the first batch. The caller owns the returned reader. */
    static PostgresCopyReader open(BufferAllocator allocator, String dataset, PostgresConnectionSettings settings,
            Schema schema, List<PostgresReadType> types, String select, BatchOptions options) {
        Connection connection;
        try {
            connection = settings.open();
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + dataset + "': postgres read failed", e, settings);
        }
        return new PostgresCopyReader(allocator, dataset, settings, schema, types, options, connection, select);
    }

    /**
     * Streams over a session the caller prepared, such as a transaction that imported a snapshot;
     * the reader owns it from here and closes it.
     */
    static PostgresCopyReader onSession(BufferAllocator allocator, String dataset, PostgresConnectionSettings settings,
            Schema schema, List<PostgresReadType> types, String select, BatchOptions options, Connection session) {
        return new PostgresCopyReader(allocator, dataset, settings, schema, types, options, session, select);
    }

    /**
     * Sends the COPY. The server may hold back its answer until the query yields rows, so this can
     * block as long as the query runs; {@link #cancel()} ends it.
     */
    private void startCopy() {
        try {
            copy = connection.unwrap(PGConnection.class).getCopyAPI()
                    .copyOut("copy (" + select + ") to stdout (format binary)");
        } catch (SQLException | RuntimeException e) {
            throw PostgresErrors.wrap("dataset '" + dataset + "': postgres read failed", e, settings);
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
        if (copy == null) {
            startCopy();
        }
        VectorSchemaRoot root = getVectorSchemaRoot();
        List<FieldVector> vectors = root.getFieldVectors();
        prepare(vectors);
        int rows = 0;
        long bytes = 0;
        int maxRows = Math.max(1, options.maxRows());
        long targetBytes = Math.max(1, options.targetBytes());
        try {
            if (!headerRead) {
                readHeader();
            }
            while (rows < maxRows && bytes < targetBytes) {
                if (!ensure(2)) {
                    throw midStream("the server ended the COPY stream without its trailer");
                }
                int fieldCount = readShort();
                if (fieldCount == -1) {
                    finish();
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
                        setNull(vectors.get(column), rows);
                        continue;
                    }
                    if (!ensure(length)) {
                        throw midStream("the COPY stream ended inside a value");
                    }
                    decode(column, vectors.get(column), rows, position, length);
                    position += length;
                    if (types[column] == PostgresReadType.TEXT) {
                        bytes += length;
                    }
                }
                rows++;
            }
        } catch (SQLException e) {
            throw PostgresErrors.wrap("dataset '" + dataset + "': postgres read failed mid-stream", e, settings);
        }
        root.setRowCount(rows);
        lastBatchRows = rows;
        return rows > 0;
    }

    @Override
    public long bytesRead() {
        return bytesRead;
    }

    /** Asks the server to cancel the COPY; the blocked read then fails with SQLSTATE 57014. */
    @Override
    public void cancel() {
        PostgresErrors.cancelQuietly(connection);
    }

    @Override
    protected void closeReadSource() {
        // Closing the session ends an unfinished COPY on the server; nothing else holds resources.
        closeQuietly(connection);
    }

    private void prepare(List<FieldVector> vectors) {
        // Fresh buffers for every batch: the engine unloads a batch by retaining its buffers and
        // queues it while this reader fills the next one, so reusing them (reset()) would overwrite
        // rows DuckDB has not read yet -- a native crash under load.
        for (FieldVector vector : vectors) {
            // Sized like the previous batch, so a steady stream fills its vectors without the
            // doubling reallocations (and copies) a small start would cost on every batch.
            vector.setInitialCapacity(Math.min(Math.max(1, options.maxRows()), Math.max(4096, lastBatchRows)));
            vector.allocateNew();
        }
        vectorsAllocated = true;
    }

    private void finish() throws SQLException {
        finished = true;
        while (copy.isActive() && copy.readFromCopy() != null) {
            // Drains CopyDone/CommandComplete so the server's outcome (and any late error) is seen.
        }
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
            byte[] next = copy.readFromCopy();
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
        int value = (short) (((buffer[position] & 0xFF) << 8) | (buffer[position + 1] & 0xFF));
        position += 2;
        return value;
    }

    private int readInt() {
        int value = intAt(position);
        position += 4;
        return value;
    }

    private int intAt(int offset) {
        return ((buffer[offset] & 0xFF) << 24) | ((buffer[offset + 1] & 0xFF) << 16)
                | ((buffer[offset + 2] & 0xFF) << 8) | (buffer[offset + 3] & 0xFF);
    }

    private long longAt(int offset) {
        return ((long) intAt(offset) << 32) | (intAt(offset + 4) & 0xFFFF_FFFFL);
    }

    private int shortAt(int offset) {
        return (short) (((buffer[offset] & 0xFF) << 8) | (buffer[offset + 1] & 0xFF));
    }

    private static void setNull(FieldVector vector, int row) {
        if (vector instanceof VarCharVector text) {
            text.setNull(row);
        } else if (vector instanceof BitVector bits) {
            bits.setNull(row);
        } else {
            ((org.apache.arrow.vector.BaseFixedWidthVector) vector).setNull(row);
        }
    }

    private void decode(int column, FieldVector vector, int row, int offset, int length) {
        switch (types[column]) {
            case INTEGER -> ((IntVector) vector).setSafe(row, intAt(offset));
            case BIGINT -> ((BigIntVector) vector).setSafe(row, longAt(offset));
            case DOUBLE -> ((Float8Vector) vector).setSafe(row, Double.longBitsToDouble(longAt(offset)));
            case NUMERIC -> decodeNumeric(column, (DecimalVector) vector, row, offset);
            case TEXT -> ((VarCharVector) vector).setSafe(row, buffer, offset, length);
            case BOOLEAN -> ((BitVector) vector).setSafe(row, buffer[offset] != 0 ? 1 : 0);
            case DATE -> {
                int days = intAt(offset);
                if (days == Integer.MAX_VALUE || days == Integer.MIN_VALUE) {
                    throw outOfRange(column, "date");
                }
                ((DateDayVector) vector).setSafe(row, days + PostgresReadType.EPOCH_OFFSET_DAYS);
            }
            case TIMESTAMP, TIMESTAMPTZ -> {
                long micros = longAt(offset);
                if (micros == Long.MAX_VALUE || micros == Long.MIN_VALUE) {
                    throw outOfRange(column, "timestamp");
                }
                ((TimeStampMicroTZVector) vector).setSafe(row, micros + PostgresReadType.EPOCH_OFFSET_MICROS);
            }
        }
    }

    /**
     * PostgreSQL's binary numeric is base-10000 digits with a weight; the value is taken at scale 9
     * exactly or refused: a value is never rounded silently.
     */
    private void decodeNumeric(int column, DecimalVector vector, int row, int offset) {
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
            vector.setSafe(row, 0L);
            return;
        }
        if (big == null) {
            if (exponent >= 0 && exponent < POWERS_OF_TEN.length && small <= Long.MAX_VALUE / POWERS_OF_TEN[exponent]) {
                long unscaled = small * POWERS_OF_TEN[exponent];
                vector.setSafe(row, negative ? -unscaled : unscaled);
                return;
            }
            if (exponent < 0 && -exponent < POWERS_OF_TEN.length) {
                long divisor = POWERS_OF_TEN[-exponent];
                if (small % divisor != 0) {
                    throw scaleExceeded(column);
                }
                long unscaled = small / divisor;
                vector.setSafe(row, negative ? -unscaled : unscaled);
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
        vector.setSafe(row, new BigDecimal(negative ? unscaled.negate() : unscaled, SCALE));
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

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // The session is being discarded; a failed close leaves nothing to undo.
        }
    }
}
