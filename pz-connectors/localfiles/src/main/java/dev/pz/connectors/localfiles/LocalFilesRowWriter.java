package dev.pz.connectors.localfiles;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The universal file writers: CSV/TSV and NDJSON over the v0 Arrow types (integers, doubles,
 * decimals, text, booleans, dates, timestamps).
 * UTF-8 without BOM, LF line ends. A batch is read during {@link #write} only; nothing of it is kept.
 */
abstract class LocalFilesRowWriter {

    /** The v0 column kinds a writer can print. */
    enum Kind { INT32, INT64, DOUBLE, DECIMAL, UTF8, BOOL, DATE, TIMESTAMP }

    protected final OutputStream out;
    protected final List<Field> fields;
    protected final Kind[] kinds;

    LocalFilesRowWriter(OutputStream out, Schema schema) {
        this.out = out;
        this.fields = schema.getFields();
        this.kinds = new Kind[fields.size()];
        for (int i = 0; i < kinds.length; i++) {
            kinds[i] = kind(fields.get(i).getType());
        }
    }

    /** The writer's kind for an Arrow type, or null outside the v0 matrix. */
    static Kind kind(ArrowType type) {
        if (type instanceof ArrowType.Int integer && integer.getIsSigned()) {
            return integer.getBitWidth() == 32 ? Kind.INT32 : integer.getBitWidth() == 64 ? Kind.INT64 : null;
        }
        if (type instanceof ArrowType.FloatingPoint floating) {
            return floating.getPrecision() == org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE
                    ? Kind.DOUBLE : null;
        }
        if (type instanceof ArrowType.Decimal decimal) {
            return decimal.getBitWidth() == 128 ? Kind.DECIMAL : null;
        }
        if (type instanceof ArrowType.Utf8) {
            return Kind.UTF8;
        }
        if (type instanceof ArrowType.Bool) {
            return Kind.BOOL;
        }
        if (type instanceof ArrowType.Date date) {
            return date.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY ? Kind.DATE : null;
        }
        if (type instanceof ArrowType.Timestamp) {
            return Kind.TIMESTAMP;
        }
        return null;
    }

    abstract void start() throws IOException;

    abstract void write(VectorSchemaRoot batch) throws IOException;

    /** Completes the file's trailer, if its format has one, before the stream closes. */
    void finish() throws IOException {
        // Row formats have no trailer.
    }

    static CsvWriter csv(OutputStream out, Schema schema, char delimiter) {
        return new CsvWriter(out, schema, delimiter);
    }

    static NdjsonWriter ndjson(OutputStream out, Schema schema) {
        return new NdjsonWriter(out, schema);
    }

    /**
     * Header from field names; a field is quoted iff it holds the delimiter, a quote, LF or CR.
     * Rows are formatted into one reused byte buffer from the batch's values copied out of the Arrow
     * buffers in bulk ({@link LocalFilesCsvCells}; no per-cell String or byte[]), which goes to the
     * stream in large writes.
     */
    static final class CsvWriter extends LocalFilesRowWriter {
        private static final int BUFFER_BYTES = 1 << 20;
        private final byte delimiter;
        private byte[] buffer = new byte[BUFFER_BYTES];
        private int length;
        private LocalFilesCsvCells[] cells;

        CsvWriter(OutputStream out, Schema schema, char delimiter) {
            super(out, schema);
            this.delimiter = (byte) delimiter;
        }

        @Override
        void start() throws IOException {
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) {
                    put(delimiter);
                }
                byte[] name = fields.get(i).getName().getBytes(StandardCharsets.UTF_8);
                writeText(name, 0, name.length);
            }
            put((byte) '\n');
            flush();
        }

        @Override
        void write(VectorSchemaRoot batch) throws IOException {
            FieldVector[] vectors = batch.getFieldVectors().toArray(new FieldVector[0]);
            int rows = batch.getRowCount();
            int columns = kinds.length;
            if (cells == null) {
                cells = new LocalFilesCsvCells[columns];
                for (int column = 0; column < columns; column++) {
                    cells[column] = new LocalFilesCsvCells(kinds[column]);
                }
            }
            for (int column = 0; column < columns; column++) {
                cells[column].load(vectors[column], rows);
            }
            for (int row = 0; row < rows; row++) {
                for (int column = 0; column < columns; column++) {
                    if (column > 0) {
                        put(delimiter);
                    }
                    LocalFilesCsvCells cell = cells[column];
                    if (cell.isNull(row)) {
                        continue;
                    }
                    switch (kinds[column]) {
                        case UTF8 -> writeUtf8(cell, row);
                        case INT64, INT32 -> writeLong(cell.longValue(row));
                        case DOUBLE -> writeDouble(cell.doubleValue(row));
                        default -> {
                            byte[] text = ascii(text(kinds[column], fields.get(column), vectors[column], row));
                            ensure(text.length);
                            System.arraycopy(text, 0, buffer, length, text.length);
                            length += text.length;
                        }
                    }
                }
                put((byte) '\n');
            }
            flush();
        }

        private void writeUtf8(LocalFilesCsvCells cell, int row) throws IOException {
            int start = cell.textStart(row);
            int size = cell.textEnd(row) - start;
            if (size == 0) {
                // DuckDB's own COPY writes an empty string as "" so it differs from NULL.
                ensure(2);
                buffer[length++] = '"';
                buffer[length++] = '"';
                return;
            }
            byte[] text = cell.textBytes();
            for (int i = start, last = start + size; i < last; i++) {
                byte b = text[i];
                if (b == delimiter || b == '"' || b == '\n' || b == '\r') {
                    writeText(text, start, last);
                    return;
                }
            }
            putAll(text, start, size);
        }

        private void writeLong(long value) throws IOException {
            ensure(20);
            if (value < 0) {
                if (value == Long.MIN_VALUE) {
                    byte[] text = ascii(Long.toString(value));
                    System.arraycopy(text, 0, buffer, length, text.length);
                    length += text.length;
                    return;
                }
                buffer[length++] = '-';
                value = -value;
            }
            length = LocalFilesValueText.appendLong(buffer, length, value);
        }

        private void writeDouble(double value) throws IOException {
            ensure(LocalFilesDoubleText.MAX_FAST_BYTES);
            int end = LocalFilesDoubleText.appendFixed(buffer, length, value);
            if (end >= 0) {
                length = end;
                return;
            }
            byte[] text = ascii(LocalFilesDoubleText.csv(value));
            ensure(text.length);
            System.arraycopy(text, 0, buffer, length, text.length);
            length += text.length;
        }

        private void writeText(byte[] value, int start, int end) throws IOException {
            boolean quote = false;
            for (int i = start; i < end; i++) {
                byte b = value[i];
                if (b == delimiter || b == '"' || b == '\n' || b == '\r') {
                    quote = true;
                    break;
                }
            }
            if (!quote) {
                putAll(value, start, end - start);
                return;
            }
            put((byte) '"');
            int from = start;
            for (int i = start; i < end; i++) {
                if (value[i] == '"') {
                    putAll(value, from, i + 1 - from);
                    put((byte) '"');
                    from = i + 1;
                }
            }
            putAll(value, from, end - from);
            put((byte) '"');
        }

        private void put(byte b) throws IOException {
            if (length == buffer.length) {
                flush();
            }
            buffer[length++] = b;
        }

        private void putAll(byte[] bytes, int offset, int count) throws IOException {
            ensure(count);
            System.arraycopy(bytes, offset, buffer, length, count);
            length += count;
        }

        /** Makes room for {@code count} more bytes, flushing (and growing for a huge value) first. */
        private void ensure(int count) throws IOException {
            if (length + count > buffer.length) {
                flush();
                if (count > buffer.length) {
                    buffer = new byte[Math.max(count, buffer.length * 2)];
                }
            }
        }

        private void flush() throws IOException {
            if (length > 0) {
                out.write(buffer, 0, length);
                length = 0;
            }
        }
    }

    /** One JSON object per row, schema order, LF after every row; doubles as DuckDB's JSON writer prints them. */
    static final class NdjsonWriter extends LocalFilesRowWriter {
        private final byte[][] keys;

        NdjsonWriter(OutputStream out, Schema schema) {
            super(out, schema);
            keys = new byte[fields.size()][];
            for (int i = 0; i < keys.length; i++) {
                StringBuilder key = new StringBuilder(i == 0 ? "{" : ",");
                jsonString(key, fields.get(i).getName());
                keys[i] = key.append(':').toString().getBytes(StandardCharsets.UTF_8);
            }
        }

        @Override
        void start() {
            // No preamble: NDJSON is rows only.
        }

        @Override
        void write(VectorSchemaRoot batch) throws IOException {
            List<FieldVector> vectors = batch.getFieldVectors();
            int rows = batch.getRowCount();
            StringBuilder text = new StringBuilder();
            for (int row = 0; row < rows; row++) {
                for (int column = 0; column < kinds.length; column++) {
                    out.write(keys[column]);
                    FieldVector vector = vectors.get(column);
                    if (vector.isNull(row)) {
                        out.write(NULL);
                        continue;
                    }
                    Kind kind = kinds[column];
                    switch (kind) {
                        case UTF8 -> {
                            text.setLength(0);
                            jsonString(text, new String(((VarCharVector) vector).get(row), StandardCharsets.UTF_8));
                            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
                        }
                        case DOUBLE -> {
                            double value = ((Float8Vector) vector).get(row);
                            out.write(ascii(LocalFilesDoubleText.json(value)));
                        }
                        case DATE -> out.write(ascii("\"" + LocalFilesValueText.dateText(((DateDayVector) vector).get(row))
                                + "\""));
                        case TIMESTAMP -> out.write(ascii("\"" + LocalFilesValueText.isoTimestampText(
                                LocalFilesValueText.toMicros(((TimeStampVector) vector).get(row),
                                        (ArrowType.Timestamp) fields.get(column).getType())) + "\""));
                        case INT32, INT64, DECIMAL, BOOL -> out.write(ascii(text(kind, fields.get(column), vector, row)));
                    }
                }
                out.write('}');
                out.write('\n');
            }
        }

        private static final byte[] NULL = {'n', 'u', 'l', 'l'};

        static void jsonString(StringBuilder text, String value) {
            text.append('"');
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                switch (c) {
                    case '"' -> text.append("\\\"");
                    case '\\' -> text.append("\\\\");
                    case '\n' -> text.append("\\n");
                    case '\r' -> text.append("\\r");
                    case '\t' -> text.append("\\t");
                    case '\b' -> text.append("\\b");
                    case '\f' -> text.append("\\f");
                    default -> {
                        if (c < 0x20) {
                            text.append(String.format("\\u%04x", (int) c));
                        } else {
                            text.append(c);
                        }
                    }
                }
            }
            text.append('"');
        }
    }

    /** The CSV text of a non-null, non-varchar value. */
    static String text(Kind kind, Field field, FieldVector vector, int row) {
        return switch (kind) {
            case INT32 -> Integer.toString(((IntVector) vector).get(row));
            case INT64 -> Long.toString(((BigIntVector) vector).get(row));
            case DOUBLE -> LocalFilesDoubleText.csv(((Float8Vector) vector).get(row));
            case DECIMAL -> ((DecimalVector) vector).getObject(row).toPlainString();
            case BOOL -> ((BitVector) vector).get(row) == 1 ? "true" : "false";
            case DATE -> LocalFilesValueText.dateText(((DateDayVector) vector).get(row));
            case TIMESTAMP -> LocalFilesValueText.timestampText(LocalFilesValueText.toMicros(
                    ((TimeStampVector) vector).get(row), (ArrowType.Timestamp) field.getType()));
            case UTF8 -> new String(((VarCharVector) vector).get(row), StandardCharsets.UTF_8);
        };
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
