package dev.pz.connectors.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;

/**
 * Turns what a JDBC driver returns for a column into the one Java type of its {@link ColumnKind}:
 * Integer, Long, Double, BigDecimal, String, Boolean, LocalDate, LocalDateTime (UTC wall
 * time), LocalTime or byte[]. Databases with dynamic typing (SQLite) store dates and timestamps as
 * text, so ISO text is parsed too ({@code yyyy-MM-dd}, {@code yyyy-MM-dd[ T]HH:mm[:ss[.f…]]}).
 * A value that does not fit throws {@link IllegalArgumentException} whose message names the kind,
 * never the value.
 */
public final class JdbcValues {

    private static final DateTimeFormatter TIMESTAMP_TEXT = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE).optionalStart().appendLiteral(' ').optionalEnd()
            .optionalStart().appendLiteral('T').optionalEnd().appendPattern("HH:mm").optionalStart().appendPattern(":ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd().optionalEnd()
            .optionalStart().appendOffsetId().optionalEnd().toFormatter();

    private JdbcValues() {
    }

    /** The value as its kind's Java type; null stays null. */
    public static Object convert(Object raw, ColumnKind kind) {
        if (raw == null) {
            return null;
        }
        try {
            return switch (kind) {
                case INT -> Math.toIntExact(wholeNumber(raw));
                case BIGINT -> wholeNumber(raw);
                case DOUBLE -> raw instanceof Number number ? number.doubleValue() : Double.parseDouble(text(raw));
                case DECIMAL -> decimal(raw);
                case VARCHAR -> raw instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : text(raw);
                case BOOLEAN -> bool(raw);
                case DATE -> date(raw);
                case TIMESTAMP -> timestamp(raw);
                case TIME -> raw instanceof java.sql.Time time ? time.toLocalTime() : raw instanceof LocalTime local ? local
                        : LocalTime.parse(text(raw));
                case BLOB -> raw instanceof byte[] bytes ? bytes : text(raw).getBytes(StandardCharsets.UTF_8);
            };
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
            throw new IllegalArgumentException("a " + describe(raw) + " value is not a valid "
                    + kind.name().toLowerCase(java.util.Locale.ROOT));
        }
    }

    private static String describe(Object raw) {
        return raw instanceof String ? "text" : raw instanceof Number ? "numeric" : raw.getClass().getSimpleName();
    }

    private static String text(Object raw) {
        return raw instanceof BigDecimal decimal ? decimal.toPlainString() : raw.toString();
    }

    private static long wholeNumber(Object raw) {
        if (raw instanceof Long || raw instanceof Integer || raw instanceof Short || raw instanceof Byte) {
            return ((Number) raw).longValue();
        }
        if (raw instanceof Boolean bool) {
            return bool ? 1 : 0;
        }
        if (raw instanceof BigInteger big) {
            return big.longValueExact();
        }
        BigDecimal decimal = raw instanceof BigDecimal value ? value : new BigDecimal(text(raw).trim());
        return decimal.longValueExact();
    }

    private static BigDecimal decimal(Object raw) {
        BigDecimal value = raw instanceof BigDecimal decimal ? decimal
                : raw instanceof Double || raw instanceof Float ? BigDecimal.valueOf(((Number) raw).doubleValue())
                : new BigDecimal(text(raw).trim());
        return value;
    }

    private static Boolean bool(Object raw) {
        if (raw instanceof Boolean bool) {
            return bool;
        }
        if (raw instanceof Number number) {
            return number.longValue() != 0;
        }
        String text = text(raw).trim().toLowerCase(java.util.Locale.ROOT);
        return switch (text) {
            case "true", "t", "1" -> true;
            case "false", "f", "0" -> false;
            default -> throw new NumberFormatException();
        };
    }

    private static LocalDate date(Object raw) {
        if (raw instanceof LocalDate date) {
            return date;
        }
        if (raw instanceof java.sql.Date date) {
            return date.toLocalDate();
        }
        if (raw instanceof LocalDateTime || raw instanceof java.sql.Timestamp) {
            return timestamp(raw).toLocalDate();
        }
        String text = text(raw).trim();
        return text.length() == 10 ? LocalDate.parse(text) : timestamp(text).toLocalDate();
    }

    private static LocalDateTime timestamp(Object raw) {
        if (raw instanceof LocalDateTime timestamp) {
            return timestamp;
        }
        if (raw instanceof java.sql.Timestamp timestamp) {
            return timestamp.toLocalDateTime();
        }
        if (raw instanceof OffsetDateTime offset) {
            return offset.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        }
        if (raw instanceof LocalDate date) {
            return date.atStartOfDay();
        }
        String text = text(raw).trim();
        if (text.length() == 10) {
            return LocalDate.parse(text).atStartOfDay();
        }
        var parsed = TIMESTAMP_TEXT.parse(text);
        LocalDateTime local = LocalDateTime.of(LocalDate.from(parsed), LocalTime.from(parsed));
        return parsed.isSupported(ChronoField.OFFSET_SECONDS)
                ? local.atOffset(ZoneOffset.ofTotalSeconds(parsed.get(ChronoField.OFFSET_SECONDS)))
                        .withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime()
                : local;
    }
}
