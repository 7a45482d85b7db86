package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A streaming RFC 4180 record reader over UTF-8 bytes: one fixed delimiter, {@code "} as the
 * quote, {@code ""} as an escaped quote inside a quoted field, LF / CRLF / CR record ends, blank
 * lines skipped. A quote opens a quoted field only at the start of a field; text after a closing
 * quote is kept as is. Field values are exposed as byte ranges of one reused row buffer, valid
 * until the next {@link #next()}. Line numbers are physical: a quoted newline counts as a line.
 */
final class LocalFilesCsvParser implements AutoCloseable {

    static final int MAX_ROW_BYTES = 16 * 1024 * 1024;
    private static final int READ_CHUNK = 1 << 20;

    private final InputStream in;
    private final byte delimiter;
    private final String fileLabel;
    private final byte[] buffer = new byte[READ_CHUNK];
    private int position;
    private int limit;
    private boolean endOfInput;

    private byte[] row = new byte[64 * 1024];
    /** Where the current record's fields live: {@link #buffer} (fast path) or {@link #row}. */
    private byte[] current = row;
    private int rowLength;
    private int[] fieldStarts = new int[16];
    private int[] fieldEnds = new int[16];
    private int fieldCount;
    private long line = 1;
    private long recordLine;

    /**
     * @param in owned: closed by {@link #close()}
     * @param fileLabel the path as the user wrote it, for messages
     */
    LocalFilesCsvParser(InputStream in, char delimiter, String fileLabel) {
        this.in = in;
        this.delimiter = (byte) delimiter;
        this.fileLabel = fileLabel;
    }

    /** Skips a UTF-8 byte order mark at the current position, if there is one. */
    void skipByteOrderMark() throws IOException {
        if (fill(3) && (buffer[position] & 0xFF) == 0xEF && (buffer[position + 1] & 0xFF) == 0xBB
                && (buffer[position + 2] & 0xFF) == 0xBF) {
            position += 3;
        }
    }

    /** Sets the physical line number the next byte is on (a split starts mid-file). */
    void setLine(long nextLine) {
        this.line = nextLine;
    }

    /** Reads the next record; false at the end of the input. */
    boolean next() throws IOException {
        return nextInBuffer() || nextCopying();
    }

    /**
     * The fast path: a record that lies whole in the read buffer, ends with LF and holds no quote
     * and no CR is exposed in place, without copying a byte. Anything else (a quote, a CR, a blank
     * line, a record that straddles a refill, the end of the input) leaves the position untouched
     * and returns false, and the copying path reads the record instead.
     */
    private boolean nextInBuffer() {
        final byte[] bytes = buffer;
        final byte delim = delimiter;
        int p = position;
        final int end = limit;
        if (p >= end) {
            return false;
        }
        byte first = bytes[p];
        if (first == '\n' || first == '\r') {
            return false;
        }
        int[] starts = fieldStarts;
        int[] ends = fieldEnds;
        int count = 0;
        int fieldStart = p;
        while (p < end) {
            byte c = bytes[p];
            if (c == delim) {
                if (count == starts.length - 1) {
                    starts = fieldStarts = Arrays.copyOf(starts, starts.length * 2);
                    ends = fieldEnds = Arrays.copyOf(ends, ends.length * 2);
                }
                starts[count] = fieldStart;
                ends[count] = p;
                count++;
                fieldStart = p + 1;
            } else if (c == '\n') {
                starts[count] = fieldStart;
                ends[count] = p;
                fieldCount = count + 1;
                current = bytes;
                recordLine = line;
                line++;
                position = p + 1;
                return true;
            } else if (c == '"' || c == '\r') {
                return false;
            }
            p++;
        }
        return false;
    }

    private boolean nextCopying() throws IOException {
        current = row;
        while (true) {
            recordLine = line;
            rowLength = 0;
            fieldCount = 0;
            int c = read();
            if (c < 0) {
                return false;
            }
            if (c == '\n') {
                line++;
                continue;
            }
            if (c == '\r') {
                if (peek() == '\n') {
                    read();
                }
                line++;
                continue;
            }
            int fieldStart = 0;
            boolean atFieldStart = true;
            while (true) {
                if (c == '"' && atFieldStart) {
                    readQuoted();
                    atFieldStart = false;
                    c = read();
                    continue;
                }
                if (c == delimiter) {
                    endField(fieldStart);
                    fieldStart = rowLength;
                    atFieldStart = true;
                    c = read();
                    if (c < 0) {
                        endField(fieldStart);
                        return true;
                    }
                    continue;
                }
                if (c == '\n' || c < 0) {
                    if (c == '\n') {
                        line++;
                    }
                    endField(fieldStart);
                    return true;
                }
                if (c == '\r') {
                    if (peek() == '\n') {
                        read();
                    }
                    line++;
                    endField(fieldStart);
                    return true;
                }
                append((byte) c);
                atFieldStart = false;
                c = read();
            }
        }
    }

    private void readQuoted() throws IOException {
        while (true) {
            int c = read();
            if (c < 0) {
                throw failure("line " + recordLine + ": a quoted field is not closed before the end of the file");
            }
            if (c == '"') {
                if (peek() == '"') {
                    read();
                    append((byte) '"');
                    continue;
                }
                return;
            }
            if (c == '\n') {
                line++;
            }
            append((byte) c);
        }
    }

    int fieldCount() {
        return fieldCount;
    }

    /**
     * The bytes of the current record, valid until the next {@link #next()}: field {@code i} spans
     * {@link #start}..{@link #end} of this array (the read buffer itself or the reused row buffer).
     */
    byte[] row() {
        return current;
    }

    int start(int field) {
        return fieldStarts[field];
    }

    int end(int field) {
        return fieldEnds[field];
    }

    String text(int field) {
        return new String(current, fieldStarts[field], fieldEnds[field] - fieldStarts[field], StandardCharsets.UTF_8);
    }

    /** The physical line the current record starts on. */
    long recordLine() {
        return recordLine;
    }

    /** The current record's fields as strings. */
    List<String> fields() {
        List<String> fields = new ArrayList<>(fieldCount);
        for (int i = 0; i < fieldCount; i++) {
            fields.add(text(i));
        }
        return fields;
    }

    PzConnectorException failure(String detail) {
        return new PzConnectorException(PzCode.NODE_FAILED, "csv file '" + fileLabel + "': " + detail);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private void endField(int fieldStart) {
        if (fieldCount == fieldStarts.length) {
            fieldStarts = Arrays.copyOf(fieldStarts, fieldCount * 2);
            fieldEnds = Arrays.copyOf(fieldEnds, fieldCount * 2);
        }
        fieldStarts[fieldCount] = fieldStart;
        fieldEnds[fieldCount] = rowLength;
        fieldCount++;
    }

    private void append(byte b) {
        if (rowLength == row.length) {
            if (rowLength >= MAX_ROW_BYTES) {
                throw failure("line " + recordLine + ": the record is larger than the 16 MiB row limit");
            }
            row = Arrays.copyOf(row, Math.min(MAX_ROW_BYTES, row.length * 2));
            current = row;
        }
        row[rowLength++] = b;
    }

    private int read() throws IOException {
        if (position == limit && !refill()) {
            return -1;
        }
        return buffer[position++] & 0xFF;
    }

    private int peek() throws IOException {
        if (position == limit && !refill()) {
            return -1;
        }
        return buffer[position] & 0xFF;
    }

    private boolean refill() throws IOException {
        if (endOfInput) {
            return false;
        }
        position = 0;
        limit = 0;
        int n = in.read(buffer, 0, buffer.length);
        if (n <= 0) {
            endOfInput = true;
            return false;
        }
        limit = n;
        return true;
    }

    /** Ensures {@code count} bytes are buffered at the current position (start of input only). */
    private boolean fill(int count) throws IOException {
        while (limit - position < count && !endOfInput) {
            if (position > 0) {
                System.arraycopy(buffer, position, buffer, 0, limit - position);
                limit -= position;
                position = 0;
            }
            int n = in.read(buffer, limit, buffer.length - limit);
            if (n <= 0) {
                endOfInput = true;
            } else {
                limit += n;
            }
        }
        return limit - position >= count;
    }
}
