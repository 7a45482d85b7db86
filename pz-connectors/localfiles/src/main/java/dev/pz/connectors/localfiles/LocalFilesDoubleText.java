package dev.pz.connectors.localfiles;

import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;

/**
 * Doubles as DuckDB's {@code COPY} prints them, so the universal writers and the native tier write
 * the same bytes. Both forms use the shortest decimal that reads back as the same double (the
 * closest one when several are that short); they differ in layout:
 *
 * <ul>
 *   <li>CSV (DuckDB's cast to VARCHAR): fixed notation for decimal exponents -4 to 15 with at least
 *       one fraction digit ({@code 1.0}, {@code 0.0001}, {@code 1000000000000000.0}), otherwise
 *       {@code d[.ddd]e±XX} with at least two exponent digits ({@code 1e+23}, {@code 1e-05},
 *       {@code 5e-324}); {@code nan} or {@code -nan} by the sign bit, {@code inf}, {@code -inf}.</li>
 *   <li>JSON (DuckDB's JSON writer): fixed notation for decimal exponents -6 to 20
 *       ({@code 0.000001}, {@code 100000000000000000000.0}), otherwise {@code d[.ddd]e[-]X} with no
 *       plus sign and no padding ({@code 1e21}, {@code 1e-7}); {@code NaN}, {@code Infinity},
 *       {@code -Infinity} (DuckDB reads these back).</li>
 * </ul>
 *
 * <p>Zero keeps its sign in both: {@code -0.0}. The shortest digits come from Jackson's Schubfach
 * implementation (JDK 17's {@link Double#toString} is not always shortest: {@code 1e23} prints as
 * {@code 9.999999999999999E22}).
 */
final class LocalFilesDoubleText {
    private static final double[] POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
    private static final long[] LONG_POWERS_OF_TEN = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L,
        10_000_000L, 100_000_000L, 1_000_000_000L};

    /** The most bytes {@link #appendFixed} writes. */
    static final int MAX_FAST_BYTES = 32;

    private LocalFilesDoubleText() {
    }

    /** The CSV form of {@code value}. */
    static String csv(double value) {
        if (Double.isNaN(value)) {
            return Double.doubleToRawLongBits(value) < 0 ? "-nan" : "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        return layout(value, -4, 15, true);
    }

    /** The JSON form of {@code value}. */
    static String json(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Infinity" : "-Infinity";
        }
        return layout(value, -6, 20, false);
    }

    /**
     * Fixed notation when the decimal exponent lies in {@code [lowestFixed, highestFixed]},
     * otherwise scientific: CSV style ({@code e+05}) or JSON style ({@code e5}).
     */
    private static String layout(double value, int lowestFixed, int highestFixed, boolean csvExponent) {
        StringBuilder text = new StringBuilder(26);
        if (Double.doubleToRawLongBits(value) < 0) {
            text.append('-');
        }
        if (value == 0) {
            return text.append("0.0").toString();
        }
        ShortestDecimal decimal = ShortestDecimal.of(Math.abs(value));
        String digits = decimal.digits();
        int exponent = decimal.exponent();
        if (exponent < lowestFixed || exponent > highestFixed) {
            text.append(digits.charAt(0));
            if (digits.length() > 1) {
                text.append('.').append(digits, 1, digits.length());
            }
            text.append('e');
            if (csvExponent) {
                text.append(exponent < 0 ? '-' : '+');
                if (Math.abs(exponent) < 10) {
                    text.append('0');
                }
                return text.append(Math.abs(exponent)).toString();
            }
            return text.append(exponent).toString();
        }
        if (exponent < 0) {
            return text.append("0.").append("0".repeat(-exponent - 1)).append(digits).toString();
        }
        if (digits.length() <= exponent + 1) {
            return text.append(digits).append("0".repeat(exponent + 1 - digits.length())).append(".0").toString();
        }
        return text.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length())
                .toString();
    }

    /**
     * Writes the fixed-notation form of {@code value} (the same in CSV and JSON) as ASCII into
     * {@code out} at {@code at} and returns the position after it, or -1 without writing when the
     * value is outside this fast path, which covers values from 1e-4 to 1e15 whose shortest
     * round-trip form has at most 9 fraction digits and 15 significant digits. There the shortest
     * form is the fewest fraction digits {@code k} with {@code rint(v·10^k)/10^k == v}: below 16
     * digits at most one such decimal exists per double, and the quotient of two exact doubles is
     * correctly rounded, so the check is exact. {@code out} needs {@link #MAX_FAST_BYTES} bytes free.
     */
    static int appendFixed(byte[] out, int at, double value) {
        double abs = Math.abs(value);
        if (!(abs >= 1e-4 && abs < 1e15)) {
            return -1;
        }
        for (int k = 0; k < POWERS_OF_TEN.length; k++) {
            double scaled = abs * POWERS_OF_TEN[k];
            if (scaled >= 1e15) {
                return -1;
            }
            double rounded = Math.rint(scaled);
            if (rounded / POWERS_OF_TEN[k] == abs) {
                long digits = (long) rounded;
                long integral = digits / LONG_POWERS_OF_TEN[k];
                long fraction = digits % LONG_POWERS_OF_TEN[k];
                int p = at;
                if (value < 0) {
                    out[p++] = '-';
                }
                p = LocalFilesValueText.appendLong(out, p, integral);
                out[p++] = '.';
                if (k == 0) {
                    out[p++] = '0';
                } else {
                    for (int d = k - 1; d >= 0; d--) {
                        out[p + d] = (byte) ('0' + fraction % 10);
                        fraction /= 10;
                    }
                    p += k;
                }
                return p;
            }
        }
        return -1;
    }

    /**
     * The shortest decimal {@code d.ddd × 10^exponent} that reads back as a positive finite double,
     * the closest to it among equally short ones. Schubfach (as in JDK 19+) prefers a closer
     * two-digit decimal over a one-digit one ({@code 4.9E-324}); DuckDB prints the one-digit form
     * ({@code 5e-324}), so a two-digit result is checked against its one-digit neighbours.
     */
    record ShortestDecimal(String digits, int exponent) {

        static ShortestDecimal of(double positive) {
            ShortestDecimal decimal = parse(DoubleToDecimal.toString(positive));
            if (decimal.digits.length() != 2) {
                return decimal;
            }
            int first = decimal.digits.charAt(0) - '0';
            boolean roundUp = decimal.digits.charAt(1) >= '5';
            ShortestDecimal down = new ShortestDecimal(Integer.toString(first), decimal.exponent);
            ShortestDecimal up = first == 9 ? new ShortestDecimal("1", decimal.exponent + 1)
                    : new ShortestDecimal(Integer.toString(first + 1), decimal.exponent);
            ShortestDecimal nearer = roundUp ? up : down;
            ShortestDecimal farther = roundUp ? down : up;
            if (nearer.value() == positive) {
                return nearer;
            }
            return farther.value() == positive ? farther : decimal;
        }

        private double value() {
            return Double.parseDouble(digits + "e" + exponent);
        }

        /** Reads Java's {@code Double.toString} layout ({@code 123.45}, {@code 1.0E23}, {@code 4.9E-324}). */
        private static ShortestDecimal parse(String java) {
            int exponentAt = java.indexOf('E');
            String mantissa = exponentAt < 0 ? java : java.substring(0, exponentAt);
            int exponent = exponentAt < 0 ? 0 : Integer.parseInt(java.substring(exponentAt + 1));
            int point = mantissa.indexOf('.');
            String digits = mantissa.substring(0, point) + mantissa.substring(point + 1);
            int leadingZeros = 0;
            while (leadingZeros < digits.length() - 1 && digits.charAt(leadingZeros) == '0') {
                leadingZeros++;
            }
            int end = digits.length();
            while (end > leadingZeros + 1 && digits.charAt(end - 1) == '0') {
                end--;
            }
            return new ShortestDecimal(digits.substring(leadingZeros, end), point + exponent - 1 - leadingZeros);
        }
    }
}
