package dev.pz.engine.state;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cursor types and their canonical stored values: integers as invariant
 * digits of any length with a leading {@code +} stripped, decimals with their scale preserved, dates as
 * {@code yyyy-MM-dd} and timestamps as {@code yyyy-MM-ddTHH:mm:ss.ffffff} with no zone (UTC by
 * convention). Timestamp input may be the full form, seconds precision or a bare date; one trailing
 * {@code Z} on a date-time is dropped and numeric offsets are refused.
 */
public final class CursorValues {
    public static final List<String> TYPES = List.of("int", "bigint", "decimal", "date", "timestamp");

    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)");
    private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    private static final Pattern DATE_TIME = Pattern.compile(
            "([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\\.([0-9]{1,6}))?Z?");
    private static final DateTimeFormatter DATE_FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd")
            .withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter TIMESTAMP_FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS")
            .withResolverStyle(ResolverStyle.STRICT);

    private CursorValues() {
    }

    public static boolean isCursorType(String type) {
        return type != null && TYPES.contains(type);
    }

    /** The canonical form of {@code text} as a value of cursor {@code type}; empty when it does not parse or the type is unknown. */
    public static Optional<String> canonicalize(String type, String text) {
        if (text == null || !isCursorType(type)) {
            return Optional.empty();
        }
        return switch (type) {
            case "int", "bigint" -> INTEGER.matcher(text).matches()
                    ? Optional.of(new BigInteger(text.startsWith("+") ? text.substring(1) : text).toString())
                    : Optional.empty();
            case "decimal" -> DECIMAL.matcher(text).matches()
                    ? Optional.of(new BigDecimal(text.startsWith("+") ? text.substring(1) : text).toPlainString())
                    : Optional.empty();
            case "date" -> date(text).map(DATE_FORMAT::format);
            case "timestamp" -> timestamp(text).map(TIMESTAMP_FORMAT::format);
            default -> Optional.empty();
        };
    }

    /**
     * Orders two values of one cursor type: negative when {@code a} comes before {@code b}.
     *
     * @throws IllegalArgumentException when the type is unknown or either value does not parse
     */
    public static int compare(String type, String a, String b) {
        String left = canonicalize(type, a).orElseThrow(() -> unparseable(type, a));
        String right = canonicalize(type, b).orElseThrow(() -> unparseable(type, b));
        return switch (type) {
            case "int", "bigint" -> new BigInteger(left).compareTo(new BigInteger(right));
            case "decimal" -> new BigDecimal(left).compareTo(new BigDecimal(right));
            // Canonical dates and timestamps are fixed-width with four-digit years, so text order is time order.
            default -> Integer.signum(left.compareTo(right));
        };
    }

    private static IllegalArgumentException unparseable(String type, String value) {
        return new IllegalArgumentException("'" + value + "' is not a " + type + " cursor value");
    }

    private static Optional<LocalDate> date(String text) {
        if (!DATE.matcher(text).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDate.parse(text, DATE_FORMAT));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<LocalDateTime> timestamp(String text) {
        Optional<LocalDate> bareDate = date(text);
        if (bareDate.isPresent()) {
            return Optional.of(bareDate.get().atStartOfDay());
        }
        Matcher matcher = DATE_TIME.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        Optional<LocalDate> day = date(matcher.group(1));
        if (day.isEmpty()) {
            return Optional.empty();
        }
        String fraction = matcher.group(6) == null ? "" : matcher.group(6);
        int micros = Integer.parseInt((fraction + "000000").substring(0, 6));
        try {
            return Optional.of(day.get().atTime(Integer.parseInt(matcher.group(2)), Integer.parseInt(matcher.group(3)),
                    Integer.parseInt(matcher.group(4)), micros * 1000));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }
}
