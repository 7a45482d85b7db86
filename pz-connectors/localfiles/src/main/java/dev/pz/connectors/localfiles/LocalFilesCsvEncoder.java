package dev.pz.connectors.localfiles;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * CSV text of a run of rows in one growing byte buffer, reused from batch to batch. A field is
 * quoted iff it holds the delimiter, a quote, LF or CR (quotes doubled); an empty string is
 * {@code ""} and NULL is nothing, as DuckDB's {@code COPY} writes them. Integers, doubles and text
 * are formatted straight from {@link LocalFilesCsvCells}; the other kinds through
 * {@link LocalFilesRowWriter#text}. Encoders of one batch may run on different threads: each
 * only reads the batch.
 */
final class LocalFilesCsvEncoder {

    private final byte delimiter;
    private byte[] buffer = new byte[1 << 16];
    private int length;

    LocalFilesCsvEncoder(char delimiter) {
        this.delimiter = (byte) delimiter;
    }

    /** The header line of the field names. */
    void header(List<Field> fields) {
        length = 0;
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                put(delimiter);
            }
            byte[] name = fields.get(i).getName().getBytes(StandardCharsets.UTF_8);
            text(name, 0, name.length);
        }
        put((byte) '\n');
    }

    /** The lines of rows {@code [from, to)}, replacing what the buffer held. */
    void rows(LocalFilesRowWriter.Kind[] kinds, List<Field> fields, FieldVector[] vectors,
            LocalFilesCsvCells[] cells, int from, int to) {
        length = 0;
        int columns = kinds.length;
        for (int row = from; row < to; row++) {
            for (int column = 0; column < columns; column++) {
                if (column > 0) {
                    put(delimiter);
                }
                LocalFilesCsvCells cell = cells[column];
                if (cell.isNull(row)) {
                    continue;
                }
                switch (kinds[column]) {
                    case UTF8 -> utf8(cell, row);
                    case INT64, INT32 -> integer(cell.longValue(row));
                    case DOUBLE -> decimal(cell.doubleValue(row));
                    default -> ascii(LocalFilesRowWriter.text(kinds[column], fields.get(column), vectors[column], row));
                }
            }
            put((byte) '\n');
        }
    }

    void writeTo(OutputStream out) throws IOException {
        if (length > 0) {
            out.write(buffer, 0, length);
        }
    }

    private void utf8(LocalFilesCsvCells cell, int row) {
        int start = cell.textStart(row);
        int end = cell.textEnd(row);
        if (start == end) {
            ensure(2);
            buffer[length++] = '"';
            buffer[length++] = '"';
            return;
        }
        text(cell.textBytes(), start, end);
    }

    private void integer(long value) {
        ensure(20);
        if (value < 0) {
            if (value == Long.MIN_VALUE) {
                ascii(Long.toString(value));
                return;
            }
            buffer[length++] = '-';
            value = -value;
        }
        length = LocalFilesValueText.appendLong(buffer, length, value);
    }

    private void decimal(double value) {
        ensure(LocalFilesDoubleText.MAX_FAST_BYTES);
        int end = LocalFilesDoubleText.appendFixed(buffer, length, value);
        if (end >= 0) {
            length = end;
        } else {
            ascii(LocalFilesDoubleText.csv(value));
        }
    }

    private void text(byte[] value, int start, int end) {
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

    private void ascii(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        putAll(bytes, 0, bytes.length);
    }

    private void put(byte b) {
        ensure(1);
        buffer[length++] = b;
    }

    private void putAll(byte[] bytes, int offset, int count) {
        ensure(count);
        System.arraycopy(bytes, offset, buffer, length, count);
        length += count;
    }

    private void ensure(int count) {
        if (length + count > buffer.length) {
            buffer = Arrays.copyOf(buffer, (int) Math.min(Integer.MAX_VALUE - 8,
                    Math.max((long) length + count, buffer.length * 2L)));
        }
    }
}
