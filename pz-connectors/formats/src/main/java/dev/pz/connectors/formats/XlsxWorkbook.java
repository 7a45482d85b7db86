package dev.pz.connectors.formats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.ReadingOptions;
import org.dhatim.fastexcel.reader.Row;
import org.dhatim.fastexcel.reader.Sheet;

/**
 * One open workbook and the chosen sheet's row stream. Closing it closes the file. Every failure
 * to read the workbook is a {@link FormatFailure} naming the file, never the cell values.
 */
final class XlsxWorkbook implements AutoCloseable {

    private final ReadableWorkbook workbook;
    private final String label;
    private final Sheet sheet;
    private Stream<Row> rows;

    private XlsxWorkbook(ReadableWorkbook workbook, String label, Sheet sheet) {
        this.workbook = workbook;
        this.label = label;
        this.sheet = sheet;
    }

    /**
     * @param sheetName the sheet to read, or null for the first one
     * @throws FormatFailure when the file is missing, is not a workbook, or lacks the sheet
     */
    static XlsxWorkbook open(Path file, String label, String sheetName) {
        if (!Files.isRegularFile(file)) {
            throw FormatFailure.missing("xlsx file not found: '" + label + "'");
        }
        ReadableWorkbook workbook;
        try {
            workbook = new ReadableWorkbook(file.toFile(), new ReadingOptions(true, false));
        } catch (IOException | RuntimeException e) {
            throw FormatFailure.unreadable("xlsx file '" + label + "' is not a readable workbook (" + cause(e)
                    + ") -- save it as an .xlsx workbook (not .xls, .xlsb or csv) and check it is complete");
        }
        try {
            List<Sheet> sheets = workbook.getSheets().toList();
            Optional<Sheet> chosen = sheetName == null ? sheets.stream().findFirst()
                    : sheets.stream().filter(s -> sheetName.equals(s.getName())).findFirst();
            if (chosen.isEmpty()) {
                throw sheetName == null
                        ? FormatFailure.unreadable("xlsx file '" + label + "' has no sheets")
                        : FormatFailure.badOption("xlsx file '" + label + "': sheet '" + sheetName + "' not found"
                                + " (sheets: " + String.join(", ", sheets.stream().map(Sheet::getName).toList())
                                + ") -- name one of them in sheet:");
            }
            return new XlsxWorkbook(workbook, label, chosen.get());
        } catch (RuntimeException e) {
            closeQuietly(workbook);
            throw e instanceof FormatFailure failure ? failure : FormatFailure.unreadable("xlsx file '" + label
                    + "' is not a readable workbook (" + cause(e) + ")");
        }
    }

    String sheetName() {
        return sheet.getName();
    }

    /** The sheet's rows from the top; a later call closes the earlier stream and starts again. */
    Iterator<Row> rows() {
        if (rows != null) {
            rows.close();
        }
        try {
            rows = sheet.openStream();
            return new GuardedRows(rows.iterator(), label, sheet.getName());
        } catch (IOException | RuntimeException e) {
            throw FormatFailure.unreadable("xlsx file '" + label + "': sheet '" + sheet.getName()
                    + "' cannot be read (" + cause(e) + ")");
        }
    }

    @Override
    public void close() {
        if (rows != null) {
            rows.close();
        }
        closeQuietly(workbook);
    }

    static String cause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + firstLine(message));
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    private static void closeQuietly(ReadableWorkbook workbook) {
        try {
            workbook.close();
        } catch (IOException ignored) {
            // Releasing only.
        }
    }

    /** Turns the row parser's unchecked failures (a truncated sheet, an unknown cell kind) into FormatFailures. */
    private record GuardedRows(Iterator<Row> rows, String label, String sheet) implements Iterator<Row> {

        @Override
        public boolean hasNext() {
            try {
                return rows.hasNext();
            } catch (UncheckedIOException | IllegalStateException | org.dhatim.fastexcel.reader.ExcelReaderException e) {
                throw failure(e);
            }
        }

        @Override
        public Row next() {
            try {
                return rows.next();
            } catch (UncheckedIOException | IllegalStateException | org.dhatim.fastexcel.reader.ExcelReaderException e) {
                throw failure(e);
            }
        }

        private FormatFailure failure(RuntimeException e) {
            return FormatFailure.unreadable("xlsx file '" + label + "': sheet '" + sheet + "' cannot be read ("
                    + cause(e) + ")");
        }
    }
}
