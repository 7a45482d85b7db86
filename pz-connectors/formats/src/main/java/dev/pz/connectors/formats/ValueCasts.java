package dev.pz.connectors.formats;

import dev.pz.connectors.api.ContractTypes;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Locale;

/**
 * DuckDB's casts from a file column's {@link SourceType} to a {@code columns:} contract type, value
 * by value, so that a contract over an xlsx or avro file lands what
 * {@code select "c"::<TYPE> from read_xlsx(…)} would: doubles round half to even into integers,
 * strings parse as DuckDB parses them, dates widen to midnight, every type renders to text as
 * DuckDB prints it. Pairs DuckDB has no cast for are refused before any row is read.
 */
final class ValueCasts {

    /** A value the target type cannot hold; the message names the types, never the value. */
    static final class CastException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CastException(String message) {
            super(message, null, false, false);
        }
    }

    private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal DECIMAL_LIMIT = BigDecimal.TEN.pow(29);

    private ValueCasts() {
    }

    /** Whether DuckDB casts {@code from} to {@code to} at all (a binder error otherwise). */
    static boolean castable(SourceType from, ContractTypes to) {
        return switch (to) {
            case VARCHAR -> true;
            case INT, BIGINT, DOUBLE, DECIMAL, BOOLEAN -> switch (from) {
                case INTEGER, BIGINT, FLOAT, DOUBLE, DECIMAL, BOOLEAN, VARCHAR -> true;
                case BLOB, DATE, TIME, TIMESTAMP -> false;
            };
            case DATE, TIMESTAMP -> from == SourceType.VARCHAR || from == SourceType.DATE
                    || from == SourceType.TIMESTAMP;
        };
    }

    /**
     * Casts one non-null value of type {@code from} to {@code to}.
     *
     * @throws CastException when the value does not fit or does not parse
     */
    static Object cast(Object value, SourceType from, ContractTypes to) {
        return switch (to) {
            case VARCHAR -> text(value, from);
            case INT -> (int) integral(value, from, INT_MIN, INT_MAX, "INTEGER");
            case BIGINT -> integral(value, from, LONG_MIN, LONG_MAX, "BIGINT");
            case DOUBLE -> toDouble(value, from);
            case DECIMAL -> decimal(value, from);
            case BOOLEAN -> toBoolean(value, from);
            case DATE -> date(value, from);
            case TIMESTAMP -> timestamp(value, from);
        };
    }

    /** DuckDB's text of a value: {@code 42.0}, {@code 1e+16}, {@code true}, {@code 2024-01-05 10:00:00.5}. */
    static String text(Object value, SourceType from) {
        return switch (from) {
            case VARCHAR -> (String) value;
            case DOUBLE -> DoubleText.of((Double) value);
            case FLOAT -> DoubleText.of((float) (Float) value);
            case DECIMAL -> ((BigDecimal) value).toPlainString();
            case TIMESTAMP -> timestampText((LocalDateTime) value);
            case TIME -> timeText((LocalTime) value);
            case BLOB -> blobText((byte[]) value);
            case INTEGER, BIGINT, BOOLEAN, DATE -> value.toString();
        };
    }

    static String timestampText(LocalDateTime value) {
        return value.toLocalDate() + " " + timeText(value.toLocalTime());
    }

    static String timeText(LocalTime value) {
        StringBuilder text = new StringBuilder(15);
        two(text, value.getHour()).append(':');
        two(text, value.getMinute()).append(':');
        two(text, value.getSecond());
        int micros = value.getNano() / 1000;
        if (micros != 0) {
            String fraction = String.format(Locale.ROOT, "%06d", micros);
            int end = fraction.length();
            while (fraction.charAt(end - 1) == '0') {
                end--;
            }
            text.append('.').append(fraction, 0, end);
        }
        return text.toString();
    }

    private static StringBuilder two(StringBuilder text, int value) {
        if (value < 10) {
            text.append('0');
        }
        return text.append(value);
    }

    /** Printable ASCII as is, every other byte as {@code \xNN}, as DuckDB prints a BLOB. */
    private static String blobText(byte[] bytes) {
        StringBuilder text = new StringBuilder(bytes.length);
        for (byte b : bytes) {
            int unsigned = b & 0xff;
            if (unsigned >= 32 && unsigned < 127 && unsigned != '\\') {
                text.append((char) unsigned);
            } else {
                text.append(String.format(Locale.ROOT, "\\x%02X", unsigned));
            }
        }
        return text.toString();
    }

    private static long integral(Object value, SourceType from, BigDecimal min, BigDecimal max, String target) {
        BigDecimal number = switch (from) {
            case INTEGER, BIGINT -> BigDecimal.valueOf(((Number) value).longValue());
            case FLOAT, DOUBLE -> {
                double d = ((Number) value).doubleValue();
                if (!Double.isFinite(d)) {
                    throw outOfRange(from, target);
                }
                yield new BigDecimal(Math.rint(d));
            }
            case DECIMAL -> ((BigDecimal) value).setScale(0, RoundingMode.HALF_UP);
            case BOOLEAN -> (Boolean) value ? BigDecimal.ONE : BigDecimal.ZERO;
            case VARCHAR -> parseNumber((String) value, target).setScale(0, RoundingMode.HALF_UP);
            case BLOB, DATE, TIME, TIMESTAMP -> throw unsupported(from, target);
        };
        if (number.compareTo(min) < 0 || number.compareTo(max) > 0) {
            throw outOfRange(from, target);
        }
        return number.longValueExact();
    }

    private static double toDouble(Object value, SourceType from) {
        return switch (from) {
            case INTEGER, BIGINT, FLOAT, DOUBLE, DECIMAL -> ((Number) value).doubleValue();
            case BOOLEAN -> (Boolean) value ? 1.0 : 0.0;
            case VARCHAR -> parseDouble((String) value);
            case BLOB, DATE, TIME, TIMESTAMP -> throw unsupported(from, "DOUBLE");
        };
    }

    private static BigDecimal decimal(Object value, SourceType from) {
        BigDecimal number = switch (from) {
            case INTEGER, BIGINT -> BigDecimal.valueOf(((Number) value).longValue());
            case FLOAT, DOUBLE -> {
                double d = ((Number) value).doubleValue();
                if (!Double.isFinite(d)) {
                    throw outOfRange(from, "DECIMAL(38,9)");
                }
                yield new BigDecimal(Double.toString(d));
            }
            case DECIMAL -> (BigDecimal) value;
            case BOOLEAN -> (Boolean) value ? BigDecimal.ONE : BigDecimal.ZERO;
            case VARCHAR -> parseNumber((String) value, "DECIMAL(38,9)");
            case BLOB, DATE, TIME, TIMESTAMP -> throw unsupported(from, "DECIMAL(38,9)");
        };
        BigDecimal scaled = number.setScale(9, RoundingMode.HALF_UP);
        if (scaled.abs().compareTo(DECIMAL_LIMIT) >= 0) {
            throw outOfRange(from, "DECIMAL(38,9)");
        }
        return scaled;
    }

    private static boolean toBoolean(Object value, SourceType from) {
        return switch (from) {
            case BOOLEAN -> (Boolean) value;
            case INTEGER, BIGINT, FLOAT, DOUBLE -> ((Number) value).doubleValue() != 0;
            case DECIMAL -> ((BigDecimal) value).signum() != 0;
            case VARCHAR -> parseBoolean((String) value);
            case BLOB, DATE, TIME, TIMESTAMP -> throw unsupported(from, "BOOLEAN");
        };
    }

    private static LocalDate date(Object value, SourceType from) {
        return switch (from) {
            case DATE -> (LocalDate) value;
            case TIMESTAMP -> ((LocalDateTime) value).toLocalDate();
            case VARCHAR -> parseDate((String) value);
            default -> throw unsupported(from, "DATE");
        };
    }

    private static LocalDateTime timestamp(Object value, SourceType from) {
        return switch (from) {
            case TIMESTAMP -> (LocalDateTime) value;
            case DATE -> ((LocalDate) value).atStartOfDay();
            case VARCHAR -> parseTimestamp((String) value);
            default -> throw unsupported(from, "TIMESTAMP");
        };
    }

    /** DuckDB's VARCHAR → DOUBLE: surrounding spaces allowed, {@code inf}/{@code nan} accepted. */
    static double parseDouble(String text) {
        String trimmed = text.strip();
        String lower = trimmed.toLowerCase(Locale.ROOT);
        switch (lower) {
            case "inf", "+inf", "infinity", "+infinity" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity" -> {
                return Double.NEGATIVE_INFINITY;
            }
            case "nan", "+nan", "-nan" -> {
                return Double.NaN;
            }
            default -> {
                // handled below
            }
        }
        if (trimmed.isEmpty() || !looksNumeric(trimmed)) {
            throw new CastException("could not convert the text to DOUBLE");
        }
        try {
            return Double.parseDouble(trimmed);
        } catch (NumberFormatException e) {
            throw new CastException("could not convert the text to DOUBLE");
        }
    }

    private static BigDecimal parseNumber(String text, String target) {
        String trimmed = text.strip();
        if (trimmed.isEmpty() || !looksNumeric(trimmed)) {
            throw new CastException("could not convert the text to " + target);
        }
        try {
            return new BigDecimal(trimmed);
        } catch (NumberFormatException e) {
            throw new CastException("could not convert the text to " + target);
        }
    }

    /** Digits, one sign, one point and an exponent only: no hex, no {@code d}/{@code f} suffixes. */
    private static boolean looksNumeric(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) {
                return false;
            }
        }
        return true;
    }

    /** DuckDB's VARCHAR → BOOLEAN: true/false, t/f, yes/no, y/n, 1/0, any case, nothing around them. */
    static boolean parseBoolean(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true", "t", "yes", "y", "1" -> true;
            case "false", "f", "no", "n", "0" -> false;
            default -> throw new CastException("could not convert the text to BOOLEAN");
        };
    }

    /** {@code YYYY-M-D} with one- or two-digit month and day, as DuckDB accepts a date. */
    static LocalDate parseDate(String text) {
        String trimmed = text.strip();
        String[] parts = trimmed.split("-", -1);
        if (parts.length != 3) {
            throw new CastException("could not convert the text to DATE (expected YYYY-MM-DD)");
        }
        try {
            return LocalDate.of(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
        } catch (RuntimeException e) {
            throw new CastException("could not convert the text to DATE (expected YYYY-MM-DD)");
        }
    }

    /** {@code YYYY-MM-DD}, optionally followed by {@code T} or a space and {@code HH:MM[:SS[.ffffff]]}. */
    static LocalDateTime parseTimestamp(String text) {
        String trimmed = text.strip();
        int split = Math.max(trimmed.indexOf(' '), trimmed.indexOf('T'));
        if (split < 0) {
            return parseDate(trimmed).atStartOfDay();
        }
        LocalDate day = parseDate(trimmed.substring(0, split));
        String clock = trimmed.substring(split + 1).strip();
        if (clock.endsWith("Z")) {
            clock = clock.substring(0, clock.length() - 1);
        }
        try {
            return day.atTime(LocalTime.parse(clock.length() == 5 ? clock + ":00" : clock));
        } catch (RuntimeException e) {
            throw new CastException("could not convert the text to TIMESTAMP (expected YYYY-MM-DD HH:MM:SS)");
        }
    }

    private static CastException outOfRange(SourceType from, String target) {
        return new CastException("a " + from.duckName() + " value is out of range for " + target);
    }

    private static CastException unsupported(SourceType from, String target) {
        return new CastException("DuckDB has no cast from " + from.duckName() + " to " + target);
    }
}
