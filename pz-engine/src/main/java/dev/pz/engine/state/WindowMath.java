package dev.pz.engine.state;

import dev.pz.engine.load.Durations;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Arithmetic of bounded windows (docs/incremental.md): the window size ({@code max_window})
 * of each cursor type in canonical form, and adding it to a canonical cursor value. A numeric cursor
 * ({@code int}, {@code bigint}, {@code decimal}) takes a positive integer delta, a {@code date} cursor
 * a positive whole-day duration ({@code 1d}, {@code 7d}, {@code 48h}), a {@code timestamp} cursor any
 * positive duration ({@code 500ms}, {@code 90s}, {@code 6h}, {@code 1d}).
 */
public final class WindowMath {
    private static final Pattern POSITIVE_INTEGER = Pattern.compile("\\+?[0-9]+");
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS");

    private WindowMath() {
    }

    /** What a window of {@code type} must look like, for error messages. */
    public static String expected(String type) {
        return switch (type) {
            case "date" -> "a positive whole-day duration such as 1d or 7d";
            case "timestamp" -> "a positive duration such as 500ms, 90s, 6h or 1d";
            default -> "a positive integer delta such as \"100\"";
        };
    }

    /**
     * The canonical window size for a cursor of {@code type}: integer digits for numeric cursors, a
     * duration ({@link Durations#format}) otherwise; empty when {@code raw} is not a valid window for
     * that type.
     */
    public static Optional<String> canonicalWindow(String type, String raw) {
        if (raw == null || !CursorValues.isCursorType(type)) {
            return Optional.empty();
        }
        String text = raw.trim();
        return switch (type) {
            case "int", "bigint", "decimal" -> {
                if (!POSITIVE_INTEGER.matcher(text).matches()) {
                    yield Optional.empty();
                }
                BigInteger delta = new BigInteger(text.startsWith("+") ? text.substring(1) : text);
                yield delta.signum() > 0 ? Optional.of(delta.toString()) : Optional.empty();
            }
            case "date" -> Durations.parse(text)
                    .filter(d -> !d.isZero() && d.toMillis() % Duration.ofDays(1).toMillis() == 0)
                    .map(Durations::format);
            default -> Durations.parse(text).filter(d -> !d.isZero()).map(Durations::format);
        };
    }

    /**
     * {@code value + window} as a canonical value of {@code type}; {@code value} is a canonical
     * cursor value and {@code window} a canonical window of that type.
     *
     * @throws IllegalArgumentException when either does not parse
     */
    public static String add(String type, String value, String window) {
        String canonical = CursorValues.canonicalize(type, value)
                .orElseThrow(() -> new IllegalArgumentException("'" + value + "' is not a " + type + " cursor value"));
        String size = canonicalWindow(type, window)
                .orElseThrow(() -> new IllegalArgumentException("'" + window + "' is not a " + type + " window"));
        return switch (type) {
            case "int", "bigint" -> new BigInteger(canonical).add(new BigInteger(size)).toString();
            case "decimal" -> new BigDecimal(canonical).add(new BigDecimal(size)).toPlainString();
            case "date" -> LocalDate.parse(canonical).plusDays(Durations.parse(size).orElseThrow().toDays()).toString();
            default -> TIMESTAMP.format(LocalDateTime.parse(canonical, TIMESTAMP)
                    .plus(Durations.parse(size).orElseThrow()));
        };
    }

    /** The earlier of two values of one cursor type. */
    public static String min(String type, String a, String b) {
        return CursorValues.compare(type, a, b) <= 0 ? a : b;
    }
}
