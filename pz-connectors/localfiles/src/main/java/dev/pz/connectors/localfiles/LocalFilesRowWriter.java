package dev.pz.connectors.localfiles;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
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

    /** @param parallelism the most threads that encode one batch */
    static CsvWriter csv(OutputStream out, Schema schema, char delimiter, int parallelism) {
        return new CsvWriter(out, schema, delimiter, parallelism);
    }

    static NdjsonWriter ndjson(OutputStream out, Schema schema) {
        return new NdjsonWriter(out, schema);
    }

    /**
     * Header from field names, then each batch's rows, as {@link LocalFilesCsvEncoder} formats them.
     * A large batch is cut into runs of rows encoded in parallel (the first on the calling thread,
     * the others in the common fork-join pool), and the runs go to the stream in order, so the file
     * is the same as one encoder's.
     */
    static final class CsvWriter extends LocalFilesRowWriter {
        /** Below this many rows per run, handing a run to another thread costs more than it saves. */
        static final int MIN_ROWS_PER_RUN = 8192;
        private final LocalFilesCsvEncoder[] encoders;
        private LocalFilesCsvCells[] cells;

        CsvWriter(OutputStream out, Schema schema, char delimiter, int parallelism) {
            super(out, schema);
            this.encoders = new LocalFilesCsvEncoder[Math.max(1, parallelism)];
            for (int i = 0; i < encoders.length; i++) {
                encoders[i] = new LocalFilesCsvEncoder(delimiter);
            }
        }

        @Override
        void start() throws IOException {
            encoders[0].header(fields);
            encoders[0].writeTo(out);
        }

        @Override
        void write(VectorSchemaRoot batch) throws IOException {
            FieldVector[] vectors = batch.getFieldVectors().toArray(new FieldVector[0]);
            int rows = batch.getRowCount();
            if (cells == null) {
                cells = new LocalFilesCsvCells[kinds.length];
                for (int column = 0; column < kinds.length; column++) {
                    cells[column] = new LocalFilesCsvCells(kinds[column]);
                }
            }
            for (int column = 0; column < kinds.length; column++) {
                cells[column].load(vectors[column], rows);
            }
            int runs = Math.max(1, Math.min(encoders.length, rows / MIN_ROWS_PER_RUN));
            ForkJoinTask<?>[] others = new ForkJoinTask<?>[runs];
            for (int run = 1; run < runs; run++) {
                LocalFilesCsvEncoder encoder = encoders[run];
                int from = (int) ((long) rows * run / runs);
                int to = (int) ((long) rows * (run + 1) / runs);
                others[run] = ForkJoinPool.commonPool().submit(() -> encoder.rows(kinds, fields, vectors, cells, from, to));
            }
            RuntimeException failure = null;
            try {
                encoders[0].rows(kinds, fields, vectors, cells, 0, rows / runs);
            } catch (RuntimeException e) {
                failure = e;
            }
            // Every run ends before the batch goes back to its owner, failed or not.
            for (int run = 1; run < runs; run++) {
                try {
                    others[run].join();
                } catch (RuntimeException e) {
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
            for (int run = 0; run < runs; run++) {
                encoders[run].writeTo(out);
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
