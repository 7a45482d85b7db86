package dev.pz.engine.load;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Byte-size literals such as {@code engine.duckdb.memory_limit}: a decimal
 * magnitude, optional whitespace, then a case-insensitive unit. {@code KB/MB/GB/TB} are 1000-based,
 * {@code KiB/MiB/GiB/TiB} 1024-based, {@code B} or no unit is bytes; the result is rounded half away
 * from zero. DuckDB's other forms ({@code 80%}) are not fixed sizes and parse as empty.
 */
public final class ByteSizes {
    private static final Pattern LITERAL = Pattern.compile("([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)\\s*([A-Za-z]*)");

    private ByteSizes() {
    }

    public static OptionalLong parse(String text) {
        if (text == null) {
            return OptionalLong.empty();
        }
        Matcher matcher = LITERAL.matcher(text.trim());
        if (!matcher.matches()) {
            return OptionalLong.empty();
        }
        BigDecimal multiplier = switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
            case "", "b" -> BigDecimal.ONE;
            case "kb" -> BigDecimal.TEN.pow(3);
            case "mb" -> BigDecimal.TEN.pow(6);
            case "gb" -> BigDecimal.TEN.pow(9);
            case "tb" -> BigDecimal.TEN.pow(12);
            case "kib" -> BigDecimal.valueOf(1L << 10);
            case "mib" -> BigDecimal.valueOf(1L << 20);
            case "gib" -> BigDecimal.valueOf(1L << 30);
            case "tib" -> BigDecimal.valueOf(1L << 40);
            default -> null;
        };
        if (multiplier == null) {
            return OptionalLong.empty();
        }
        BigDecimal bytes = new BigDecimal(matcher.group(1)).multiply(multiplier).setScale(0, RoundingMode.HALF_UP);
        try {
            return OptionalLong.of(bytes.longValueExact());
        } catch (ArithmeticException overflow) {
            return OptionalLong.empty();
        }
    }
}
