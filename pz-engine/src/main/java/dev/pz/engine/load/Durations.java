package dev.pz.engine.load;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * pz's duration grammar: {@code <non-negative integer><unit>} with unit
 * {@code ms|s|m|h|d}, lowercase, no spaces, no sign, no fractions, no compounds. {@code 0s} parses;
 * callers that need a positive duration check that themselves.
 */
public final class Durations {
    private static final Pattern GRAMMAR = Pattern.compile("([0-9]+)(ms|s|m|h|d)");

    private Durations() {
    }

    /** The duration written as {@code text}, or empty when it does not follow the grammar (or overflows). */
    public static Optional<Duration> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher matcher = GRAMMAR.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        try {
            long amount = Long.parseLong(matcher.group(1));
            Duration duration = switch (matcher.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                case "d" -> Duration.ofDays(amount);
                default -> throw new IllegalStateException("unit " + matcher.group(2));
            };
            // Reject values that the grammar accepts but no millisecond count can hold.
            duration.toMillis();
            return Optional.of(duration);
        } catch (NumberFormatException | ArithmeticException overflow) {
            return Optional.empty();
        }
    }

    /** The duration in the largest unit that expresses it exactly: {@code 90s}, {@code 5m}, {@code 2h}, {@code 1d}, {@code 500ms}. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        if (millis == 0) {
            return "0s";
        }
        if (millis % 86_400_000L == 0) {
            return millis / 86_400_000L + "d";
        }
        if (millis % 3_600_000L == 0) {
            return millis / 3_600_000L + "h";
        }
        if (millis % 60_000L == 0) {
            return millis / 60_000L + "m";
        }
        if (millis % 1_000L == 0) {
            return millis / 1_000L + "s";
        }
        return millis + "ms";
    }

    /** Milliseconds as seconds with up to three decimals: {@code 120s}, {@code 1.5s}, {@code 0.25s}. */
    public static String seconds(long millis) {
        return java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString() + "s";
    }

    /** The duration if {@code value} is a duration string greater than zero. */
    static Optional<Duration> parsePositive(Object value) {
        if (!(value instanceof String text)) {
            return Optional.empty();
        }
        return parse(text).filter(duration -> !duration.isZero());
    }
}
