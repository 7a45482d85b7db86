package dev.pz.connectors.formats;

import java.math.BigDecimal;

/**
 * A double as DuckDB prints it: the shortest digits that read back to the same value, in plain
 * notation with at least one decimal ({@code 42.0}, {@code 0.0001}) when the decimal exponent is
 * from -4 to 15, else scientific with a signed two-digit exponent ({@code 1e+16}, {@code 1e-05},
 * {@code 1.2345678901234568e+17}); {@code nan}, {@code inf}, {@code -inf}.
 */
final class DoubleText {

    private DoubleText() {
    }

    static String of(double value) {
        return render(value, false);
    }

    /** A FLOAT with the shortest digits that read back to the same float. */
    static String of(float value) {
        return render(value, true);
    }

    private static String render(double value, boolean single) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            return "0.0";
        }
        BigDecimal shortest = shortest(value, single);
        String digits = shortest.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - shortest.scale();
        String sign = value < 0 ? "-" : "";
        if (exponent >= -4 && exponent < 16) {
            String plain = shortest.abs().toPlainString();
            return sign + (plain.contains(".") ? plain : plain + ".0");
        }
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        int magnitude = Math.abs(exponent);
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (magnitude < 10 ? "0" : "") + magnitude;
    }

    /** The fewest significant digits that parse back to {@code value}, trailing zeros stripped. */
    private static BigDecimal shortest(double value, boolean single) {
        for (int precision = 1; precision < 17; precision++) {
            BigDecimal candidate = new BigDecimal(value).round(new java.math.MathContext(precision));
            if (single ? candidate.floatValue() == (float) value : candidate.doubleValue() == value) {
                return candidate.stripTrailingZeros();
            }
        }
        return new BigDecimal(value).round(new java.math.MathContext(17)).stripTrailingZeros();
    }
}
