package dev.pz.connectors.formats;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.Row;

/**
 * Where a sheet's table is and what its columns are, found as DuckDB's {@code read_xlsx} finds
 * them: the table starts at the first row holding a non-empty cell and spans that row's first run
 * of non-empty cells; with {@code header} that row names the columns (trimmed, duplicates suffixed
 * {@code _1}, {@code _2}…), else the columns are named by their cell ({@code A1}, {@code B1}…); the
 * next row's cells give the column types (a header without data rows makes every column DOUBLE).
 *
 * @param firstColumn zero-based, inclusive
 * @param lastColumn zero-based, inclusive
 * @param dataRow the one-based sheet row of the first data row
 * @param names column names, one per column of the run
 * @param types column types
 * @param numberColumns whether each column's first data cell was stored as a number
 */
record XlsxLayout(String sheet, int firstColumn, int lastColumn, int dataRow, List<String> names,
        List<SourceType> types, List<Boolean> numberColumns) {

    XlsxLayout {
        names = List.copyOf(names);
        types = List.copyOf(types);
        numberColumns = List.copyOf(numberColumns);
    }

    int width() {
        return lastColumn - firstColumn + 1;
    }

    /** The column index of {@code name} (case-insensitive, first match), or -1. */
    int indexOf(String name) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Sniffs the layout from the sheet's rows (consumes at most the rows up to the first data row).
     *
     * @return null when the sheet holds no non-empty cell
     */
    static XlsxLayout sniff(String sheet, Iterator<Row> rows, boolean header) {
        Row first = null;
        int begin = -1;
        int end = -1;
        while (rows.hasNext() && first == null) {
            Row row = rows.next();
            boolean ended = false;
            for (int c = 0; c < row.getCellCount() && !ended; c++) {
                Cell cell = row.getCell(c);
                if (cell == null) {
                    continue;
                }
                if (!XlsxCells.isEmpty(cell)) {
                    if (begin < 0) {
                        begin = c;
                    }
                    end = c;
                } else if (begin >= 0) {
                    ended = true;
                }
            }
            if (begin >= 0) {
                first = row;
            }
        }
        if (first == null) {
            return null;
        }
        Row typesRow = header ? (rows.hasNext() ? rows.next() : null) : first;
        List<String> names = new ArrayList<>();
        List<SourceType> types = new ArrayList<>();
        List<Boolean> numbers = new ArrayList<>();
        for (int c = begin; c <= end; c++) {
            Cell name = cellAt(first, c);
            names.add(header && !XlsxCells.isEmpty(name) ? trim(XlsxCells.text(name))
                    : reference(c, first.getRowNum()));
            Cell typed = typesRow == null ? null : cellAt(typesRow, c);
            types.add(XlsxCells.columnType(typed));
            numbers.add(XlsxCells.isNumber(typed));
        }
        int dataRow = header ? (typesRow == null ? first.getRowNum() + 1 : typesRow.getRowNum()) : first.getRowNum();
        return new XlsxLayout(sheet, begin, end, dataRow, deduplicate(names), types, numbers);
    }

    static Cell cellAt(Row row, int column) {
        return column < row.getCellCount() ? row.getCell(column) : null;
    }

    /** A cell's name: column letters then the one-based row ({@code A1}, {@code AB12}). */
    static String reference(int column, int row) {
        StringBuilder letters = new StringBuilder();
        for (int c = column + 1; c > 0; c = (c - 1) / 26) {
            letters.insert(0, (char) ('A' + (c - 1) % 26));
        }
        return letters.append(row).toString();
    }

    /** Strips Unicode space separators from both ends, as DuckDB trims header names. */
    private static String trim(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && Character.getType(text.charAt(start)) == Character.SPACE_SEPARATOR) {
            start++;
        }
        while (end > start && Character.getType(text.charAt(end - 1)) == Character.SPACE_SEPARATOR) {
            end--;
        }
        return text.substring(start, end);
    }

    /** A repeated name (case-insensitively) gets {@code _1}, {@code _2}… until it is unique. */
    private static List<String> deduplicate(List<String> names) {
        Set<String> taken = new HashSet<>();
        List<String> unique = new ArrayList<>();
        for (String name : names) {
            String candidate = name;
            for (int n = 1; !taken.add(candidate.toLowerCase(Locale.ROOT)); n++) {
                candidate = name + "_" + n;
            }
            unique.add(candidate);
        }
        return unique;
    }
}
