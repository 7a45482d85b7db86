package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.ContractTypes;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Parses one CSV cell into an Arrow vector per contract type, invariantly: integers in decimal
 * digits with an optional sign, doubles in decimal or exponent form (plus {@code nan}, {@code inf},
 * {@code infinity}), decimals rounded half away from zero to scale 9, booleans
 * {@code true/false/t/f/yes/no/y/n/1/0} in any case, dates {@code yyyy-MM-dd}, timestamps
 * {@code yyyy-MM-dd[( |T)HH:mm[:ss[.fraction]]][Z|±HH[:mm]]} converted to UTC, fractions beyond
 * microseconds truncated. Spaces around a non-varchar value are ignored; varchar bytes are copied
 * verbatim. An empty cell is NULL (the caller checks that).
 */
final class LocalFilesCsvValues {

    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd")
            .optionalStart().appendLiteral(' ').optionalEnd()
            .optionalStart().appendLiteral('T').optionalEnd()
            .optionalStart()
            .appendPattern("HH:mm")
            .optionalStart().appendPattern(":ss").optionalEnd()
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true).optionalEnd()
            .optionalEnd()
            .optionalStart().appendOffset("+HH:MM", "Z").optionalEnd()
            .optionalStart().appendOffset("+HH", "Z").optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
            .parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
            .parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0)
            .parseDefaulting(ChronoField.NANO_OF_SECOND, 0)
            .parseDefaulting(ChronoField.OFFSET_SECONDS, 0)
            .toFormatter();

    private LocalFilesCsvValues() {
    }

    /** Thrown for a value the contract type cannot hold; the caller adds file, line and column. */
    static final class MalformedValueException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedValueException() {
            super(null, null, false, false);
        }
    }

    /** Bytes one value of the type takes in an Arrow vector (without the validity bit), for batch sizing. */
    static double fixedWidth(ContractTypes type) {
        return switch (type) {
            case INT, DATE -> 4;
            case BIGINT, DOUBLE, TIMESTAMP -> 8;
            case DECIMAL -> 16;
            case VARCHAR -> 4;
            case BOOLEAN -> 0.125;
        };
    }

    /** Writes one non-empty cell into {@code vector} at {@code index}. */
    static void set(ContractTypes type, FieldVector vector, int index, byte[] row, int start, int end) {
        switch (type) {
            case VARCHAR -> ((VarCharVector) vector).setSafe(index, row, start, end - start);
            case INT -> ((IntVector) vector).setSafe(index, parseInt(row, start, end));
            case BIGINT -> ((BigIntVector) vector).setSafe(index, parseLong(row, start, end));
            case DOUBLE -> ((Float8Vector) vector).setSafe(index, parseDouble(row, start, end));
            case DECIMAL -> ((DecimalVector) vector).setSafe(index, parseDecimal(ascii(row, start, end)));
            case BOOLEAN -> ((BitVector) vector).setSafe(index, parseBoolean(ascii(row, start, end)) ? 1 : 0);
            case DATE -> ((DateDayVector) vector).setSafe(index, (int) LocalFilesDateBytes.parseDate(row, start, end));
            case TIMESTAMP -> ((TimeStampVector) vector).setSafe(index, LocalFilesDateBytes.parseTimestampMicros(row, start, end));
        }
    }

    static int parseInt(byte[] row, int start, int end) {
        long value = parseLong(row, start, end);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new MalformedValueException();
        }
        return (int) value;
    }

    static long parseLong(byte[] row, int start, int end) {
        while (start < end && row[start] == ' ') {
            start++;
        }
        while (end > start && row[end - 1] == ' ') {
            end--;
        }
        if (start == end) {
            throw new MalformedValueException();
        }
        boolean negative = false;
        if (row[start] == '-' || row[start] == '+') {
            negative = row[start] == '-';
            start++;
            if (start == end) {
                throw new MalformedValueException();
            }
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            int digit = row[i] - '0';
            if (digit < 0 || digit > 9) {
                throw new MalformedValueException();
            }
            // Accumulate negatively: Long.MIN_VALUE has no positive counterpart.
            if (value < (Long.MIN_VALUE + digit) / 10) {
                throw new MalformedValueException();
            }
            value = value * 10 - digit;
        }
        if (!negative) {
            if (value == Long.MIN_VALUE) {
                throw new MalformedValueException();
            }
            return -value;
        }
        return value;
    }

    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    private static final long MAX_EXACT = 1L << 53;

    /**
     * A double straight from the cell's bytes. The common case, at most 2^53 as digits and a
     * decimal exponent within ±22, is one correctly rounded IEEE multiplication or division of two
     * exactly representable numbers (Clinger's fast path), so it equals {@link Double#parseDouble};
     * everything else (more digits, bigger exponents, nan/inf, malformed text) goes through
     * {@link #parseDouble(String)}.
     */
    static double parseDouble(byte[] row, int start, int end) {
        int from = start;
        int to = end;
        while (from < to && row[from] == ' ') {
            from++;
        }
        while (to > from && row[to - 1] == ' ') {
            to--;
        }
        int i = from;
        boolean negative = false;
        if (i < to && (row[i] == '-' || row[i] == '+')) {
            negative = row[i] == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int scale = 0;
        boolean point = false;
        for (; i < to; i++) {
            int c = row[i];
            if (c >= '0' && c <= '9') {
                if (mantissa >= MAX_EXACT / 10) {
                    return parseDouble(ascii(row, start, end));
                }
                mantissa = mantissa * 10 + (c - '0');
                digits++;
                if (point) {
                    scale--;
                }
            } else if (c == '.' && !point) {
                point = true;
            } else {
                break;
            }
        }
        if (digits == 0) {
            return parseDouble(ascii(row, start, end));
        }
        if (i < to) {
            if (row[i] != 'e' && row[i] != 'E') {
                return parseDouble(ascii(row, start, end));
            }
            i++;
            boolean negativeExponent = false;
            if (i < to && (row[i] == '-' || row[i] == '+')) {
                negativeExponent = row[i] == '-';
                i++;
            }
            if (i == to || to - i > 3) {
                return parseDouble(ascii(row, start, end));
            }
            int exponent = 0;
            for (; i < to; i++) {
                int digit = row[i] - '0';
                if (digit < 0 || digit > 9) {
                    return parseDouble(ascii(row, start, end));
                }
                exponent = exponent * 10 + digit;
            }
            scale += negativeExponent ? -exponent : exponent;
        }
        double value;
        if (mantissa == 0) {
            value = 0.0;
        } else if (scale >= 0 && scale <= 22) {
            value = (double) mantissa * POWERS_OF_TEN[scale];
        } else if (scale < 0 && scale >= -22) {
            value = (double) mantissa / POWERS_OF_TEN[-scale];
        } else {
            return parseDouble(ascii(row, start, end));
        }
        return negative ? -value : value;
    }

    static double parseDouble(String text) {
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        String unsigned = lower.startsWith("-") || lower.startsWith("+") ? lower.substring(1) : lower;
        switch (unsigned) {
            case "nan":
                return Double.NaN;
            case "inf", "infinity":
                return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            default:
                break;
        }
        for (int i = 0; i < unsigned.length(); i++) {
            char c = unsigned.charAt(i);
            if (!(c >= '0' && c <= '9') && c != '.' && c != 'e' && c != '-' && c != '+') {
                throw new MalformedValueException();
            }
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new MalformedValueException();
        }
    }

    static BigDecimal parseDecimal(String text) {
        BigDecimal value;
        try {
            value = new BigDecimal(text).setScale(9, RoundingMode.HALF_UP);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new MalformedValueException();
        }
        if (value.precision() > 38) {
            throw new MalformedValueException();
        }
        return value;
    }

    static boolean parseBoolean(String text) {
        return switch (text.toLowerCase(java.util.Locale.ROOT)) {
            case "true", "t", "yes", "y", "1" -> true;
            case "false", "f", "no", "n", "0" -> false;
            default -> throw new MalformedValueException();
        };
    }

    static long parseDate(String text) {
        try {
            return LocalDate.parse(text).toEpochDay();
        } catch (DateTimeParseException e) {
            throw new MalformedValueException();
        }
    }

    static long parseTimestampMicros(String text) {
        try {
            OffsetDateTime time = OffsetDateTime.parse(text, TIMESTAMP);
            long seconds = time.toEpochSecond();
            return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), time.getNano() / 1_000);
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new MalformedValueException();
        }
    }

    /** The cell as text, spaces around it removed; non-ASCII bytes never form a valid number or date. */
    static String ascii(byte[] row, int start, int end) {
        while (start < end && row[start] == ' ') {
            start++;
        }
        while (end > start && row[end - 1] == ' ') {
            end--;
        }
        if (start == end) {
            throw new MalformedValueException();
        }
        return new String(row, start, end - start, StandardCharsets.ISO_8859_1);
    }
}
