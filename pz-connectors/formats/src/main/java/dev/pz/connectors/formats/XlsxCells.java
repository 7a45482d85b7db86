package dev.pz.connectors.formats;

import java.time.LocalDateTime;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.CellType;

/**
 * How DuckDB's {@code read_xlsx} reads one cell: its text (a shared string resolved, else the raw
 * stored text, a formula's cached value included), the type a column takes from the first data
 * row's cell, and the conversion of a cell's text into that type. A number cell's type comes from
 * its number format: built-in formats 14–17 are dates, 18–21 times, 22 date-times; a custom format
 * with day or year letters is a date, with hour letters too a date-time, with hour letters only a
 * time; any other number is a DOUBLE. A cell reading {@code true}/{@code false} (any case) is a
 * BOOLEAN whatever its kind.
 */
final class XlsxCells {

    private static final double SECONDS_PER_DAY = 86_400;
    private static final double DAYS_FROM_1900_TO_1970 = 25_569;

    private XlsxCells() {
    }

    /** The stored text, or null for a cell with none. */
    static String text(Cell cell) {
        if (cell == null || cell.getType() == CellType.EMPTY) {
            return null;
        }
        return cell.getRawValue();
    }

    /** Whether the cell holds no text: DuckDB's empty cell (it ends a row's column run, and a row of them ends the sheet). */
    static boolean isEmpty(Cell cell) {
        String text = text(cell);
        return text == null || text.isEmpty();
    }

    /** Whether the cell is stored as a number, so that date-typed columns convert it from a serial day count. */
    static boolean isNumber(Cell cell) {
        if (cell == null || cell.getType() == CellType.NUMBER || cell.getType() == CellType.EMPTY) {
            return true;
        }
        return cell.getType() == CellType.FORMULA && !(cell.getValue() instanceof String)
                && !(cell.getValue() instanceof Boolean);
    }

    /** The type a column takes from this cell of the first data row (a missing cell is a DOUBLE). */
    static SourceType columnType(Cell cell) {
        String text = text(cell);
        if (text != null && (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false"))) {
            return SourceType.BOOLEAN;
        }
        if (cell == null) {
            return SourceType.DOUBLE;
        }
        return switch (cell.getType()) {
            case BOOLEAN -> SourceType.BOOLEAN;
            case STRING, ERROR -> SourceType.VARCHAR;
            case NUMBER, EMPTY -> numberType(cell);
            case FORMULA -> cell.getValue() instanceof Boolean ? SourceType.BOOLEAN
                    : cell.getValue() instanceof String ? SourceType.VARCHAR : numberType(cell);
        };
    }

    private static SourceType numberType(Cell cell) {
        Integer formatId = cell.getDataFormatId();
        if (formatId == null) {
            return SourceType.DOUBLE;
        }
        if (formatId < 164) {
            if (formatId >= 14 && formatId <= 17) {
                return SourceType.DATE;
            }
            if (formatId >= 18 && formatId <= 21) {
                return SourceType.TIME;
            }
            return formatId == 22 ? SourceType.TIMESTAMP : SourceType.DOUBLE;
        }
        String format = cell.getDataFormatString();
        if (format == null) {
            return SourceType.DOUBLE;
        }
        boolean date = format.contains("DD") || format.contains("dd") || format.contains("YY") || format.contains("yy");
        boolean time = format.indexOf('h') >= 0 || format.indexOf('H') >= 0;
        if (date) {
            return time ? SourceType.TIMESTAMP : SourceType.DATE;
        }
        return time ? SourceType.TIME : SourceType.DOUBLE;
    }

    /**
     * The cell's value in its column's type, or null for an empty cell (and for empty text in any
     * column but a VARCHAR one).
     *
     * @param numberColumn whether the column's first data cell was a number, so dates are day serials
     * @throws ValueCasts.CastException when the text does not convert
     */
    static Object value(Cell cell, SourceType type, boolean numberColumn) {
        String text = text(cell);
        if (text == null) {
            return null;
        }
        if (type == SourceType.VARCHAR) {
            if (text.isEmpty() && cell.getType() != CellType.STRING) {
                return null;
            }
            return text;
        }
        if (text.isEmpty()) {
            return null;
        }
        return switch (type) {
            case DOUBLE -> ValueCasts.parseDouble(text);
            case BOOLEAN -> ValueCasts.parseBoolean(text);
            case DATE -> numberColumn ? serial(ValueCasts.parseDouble(text)).toLocalDate() : ValueCasts.parseDate(text);
            case TIMESTAMP -> numberColumn ? serial(ValueCasts.parseDouble(text)) : ValueCasts.parseTimestamp(text);
            case TIME -> numberColumn ? serial(ValueCasts.parseDouble(text)).toLocalTime()
                    : java.time.LocalTime.parse(text.strip());
            default -> throw new IllegalStateException("xlsx columns are never " + type);
        };
    }

    /** A spreadsheet serial day count as a date-time: days since 1899-12-30, seconds snapped within a millisecond. */
    static LocalDateTime serial(double days) {
        double seconds = days * SECONDS_PER_DAY;
        if (Math.abs(seconds - Math.rint(seconds)) < 1e-3) {
            seconds = Math.rint(seconds);
        }
        double micros = (seconds - DAYS_FROM_1900_TO_1970 * SECONDS_PER_DAY) * 1e6;
        long clamped = micros <= Long.MIN_VALUE ? Long.MIN_VALUE : micros >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) micros;
        try {
            return VectorValues.fromEpochMicros(clamped);
        } catch (java.time.DateTimeException e) {
            throw new ValueCasts.CastException("a day serial is outside the date range");
        }
    }

    /** A day serial for a date-time, as written into a date-formatted cell. */
    static double toSerial(LocalDateTime value) {
        double epochSeconds = VectorValues.epochMicros(value) / 1e6;
        return epochSeconds / SECONDS_PER_DAY + DAYS_FROM_1900_TO_1970;
    }

}
