package dev.pz.connectors.formats;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * Writes Arrow batches as one sheet of an .xlsx workbook, streaming, as DuckDB's
 * {@code COPY … (format xlsx, header <h>, sheet '<s>')} lays it out: an optional header row of the
 * column names, numbers as number cells, booleans as boolean cells, text as inline strings, dates,
 * date-times and times as day serials formatted {@code yyyy-mm-dd}, {@code yyyy-mm-dd hh:mm:ss} and
 * {@code hh:mm:ss}, nulls as empty cells. Rows are flushed to the stream batch by batch.
 */
public final class XlsxWriter {

    /** The rows a sheet holds, header included. */
    public static final int MAX_ROWS = Worksheet.MAX_ROWS;

    /** The sheet name DuckDB's COPY uses when none is given. */
    public static final String DEFAULT_SHEET = "Sheet1";

    private static final String DATE_FORMAT = "yyyy-mm-dd";
    private static final String TIMESTAMP_FORMAT = "yyyy-mm-dd hh:mm:ss";
    private static final String TIME_FORMAT = "hh:mm:ss";

    private final Workbook workbook;
    private final Worksheet sheet;
    private final String label;
    private int nextRow;

    private XlsxWriter(Workbook workbook, Worksheet sheet, String label) {
        this.workbook = workbook;
        this.sheet = sheet;
        this.label = label;
    }

    /** Why {@code name} cannot name a sheet (Excel's rules), or empty when it can. */
    public static Optional<String> sheetNameProblem(String name) {
        if (name.isEmpty() || name.length() > 31) {
            return Optional.of("a sheet name has 1 to 31 characters (got " + name.length() + ")");
        }
        for (char c : name.toCharArray()) {
            if ("/\\?*[]:".indexOf(c) >= 0) {
                return Optional.of("a sheet name cannot contain any of / \\ ? * [ ] :");
            }
        }
        if (name.startsWith("'") || name.endsWith("'")) {
            return Optional.of("a sheet name cannot start or end with an apostrophe");
        }
        return Optional.empty();
    }

    /** Whether a column of this Arrow type can be written (the eight contract types, float and time). */
    public static boolean supports(ArrowType type) {
        return type instanceof ArrowType.Int integer && (integer.getBitWidth() == 32 || integer.getBitWidth() == 64)
                || type instanceof ArrowType.FloatingPoint || type instanceof ArrowType.Decimal
                || type instanceof ArrowType.Utf8 || type instanceof ArrowType.Bool
                || type instanceof ArrowType.Date date && date.getUnit() == org.apache.arrow.vector.types.DateUnit.DAY
                || type instanceof ArrowType.Timestamp stamp && stamp.getUnit() == org.apache.arrow.vector.types.TimeUnit.MICROSECOND
                || type instanceof ArrowType.Time time && time.getUnit() == org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
    }

    /**
     * Starts the workbook on {@code out} and writes the header row when asked. The stream is the
     * caller's: {@link #finish()} completes the workbook but does not close it.
     *
     * @param sheetName a valid sheet name ({@link #sheetNameProblem}), or null for {@value #DEFAULT_SHEET}
     * @param label how messages name the file
     */
    public static XlsxWriter start(OutputStream out, Schema schema, String sheetName, boolean header, String label) {
        String name = sheetName == null ? DEFAULT_SHEET : sheetName;
        sheetNameProblem(name).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        for (Field field : schema.getFields()) {
            if (!supports(field.getType())) {
                throw new IllegalArgumentException("column '" + field.getName() + "' has Arrow type " + field.getType()
                        + ", which the xlsx writer does not write");
            }
        }
        Workbook workbook = new Workbook(out, "pz", "1.0");
        XlsxWriter writer = new XlsxWriter(workbook, workbook.newWorksheet(name), label);
        if (header) {
            List<Field> fields = schema.getFields();
            for (int c = 0; c < fields.size(); c++) {
                writer.sheet.inlineString(0, c, fields.get(c).getName());
            }
            writer.nextRow = 1;
        }
        return writer;
    }

    /**
     * Appends the batch's rows and flushes them to the stream.
     *
     * @throws FormatFailure when the sheet would exceed {@value #MAX_ROWS} rows
     */
    public void write(VectorSchemaRoot batch) throws IOException {
        int rows = batch.getRowCount();
        if ((long) nextRow + rows > MAX_ROWS) {
            throw FormatFailure.value("xlsx file '" + label + "': a sheet holds at most " + MAX_ROWS
                    + " rows (header included) and this write has more -- write csv or parquet instead");
        }
        List<FieldVector> vectors = batch.getFieldVectors();
        for (int i = 0; i < rows; i++) {
            for (int c = 0; c < vectors.size(); c++) {
                FieldVector vector = vectors.get(c);
                if (!vector.isNull(i)) {
                    cell(nextRow, c, vector, i);
                }
            }
            nextRow++;
        }
        sheet.flush();
    }

    private void cell(int row, int column, FieldVector vector, int index) {
        if (vector instanceof VarCharVector text) {
            sheet.inlineString(row, column, new String(text.get(index), java.nio.charset.StandardCharsets.UTF_8));
        } else if (vector instanceof IntVector ints) {
            sheet.value(row, column, ints.get(index));
        } else if (vector instanceof BigIntVector longs) {
            sheet.value(row, column, longs.get(index));
        } else if (vector instanceof Float8Vector doubles) {
            sheet.value(row, column, doubles.get(index));
        } else if (vector instanceof Float4Vector floats) {
            sheet.value(row, column, (double) floats.get(index));
        } else if (vector instanceof DecimalVector decimals) {
            BigDecimal value = decimals.getObject(index);
            sheet.value(row, column, value);
        } else if (vector instanceof BitVector bits) {
            sheet.value(row, column, bits.get(index) == 1);
        } else if (vector instanceof DateDayVector days) {
            sheet.value(row, column, XlsxCells.toSerial(LocalDate.ofEpochDay(days.get(index)).atStartOfDay()));
            sheet.style(row, column).format(DATE_FORMAT).set();
        } else if (vector instanceof TimeStampVector stamps) {
            LocalDateTime value = VectorValues.fromEpochMicros(stamps.get(index));
            sheet.value(row, column, XlsxCells.toSerial(value));
            sheet.style(row, column).format(TIMESTAMP_FORMAT).set();
        } else if (vector instanceof TimeMicroVector times) {
            sheet.value(row, column, times.get(index) / 86_400_000_000.0);
            sheet.style(row, column).format(TIME_FORMAT).set();
        } else {
            throw new IllegalStateException("no xlsx cell for " + vector.getField());
        }
    }

    /** Completes the workbook (styles, catalog, zip directory) on the stream. */
    public void finish() throws IOException {
        sheet.finish();
        workbook.finish();
    }
}
