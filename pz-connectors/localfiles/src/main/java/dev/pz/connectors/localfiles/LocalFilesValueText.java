package dev.pz.connectors.localfiles;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Invariant text of the v0 types as the universal writers print them. CSV follows what DuckDB's own
 * {@code COPY … (format csv)} prints, so the two tiers agree: doubles in shortest round-trip form
 * with DuckDB's layout ({@code 1.0}, {@code 0.1}, {@code 1e+20}, {@code 1e-07}, {@code nan},
 * {@code inf}, {@code -0.0}), booleans {@code true}/{@code false}, dates {@code yyyy-MM-dd},
 * timestamps {@code yyyy-MM-dd HH:mm:ss[.ffffff]} (UTC wall time, trailing fraction zeros dropped),
 * decimals in plain notation at their scale.
 */
final class LocalFilesValueText {

    private LocalFilesValueText() {
    }

    /**
     * A double the way DuckDB prints it: the shortest digits that round-trip (as far as
     * {@link Double#toString} finds them), fixed notation for decimal exponents -4..15, otherwise
     * {@code d[.ddd]e±XX}.
     */
    static String doubleText(double value) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        String java = Double.toString(Math.abs(value));
        String sign = (value < 0 || (value == 0 && 1 / value < 0)) ? "-" : "";
        int exponentAt = java.indexOf('E');
        String mantissa = exponentAt < 0 ? java : java.substring(0, exponentAt);
        int exponent = exponentAt < 0 ? 0 : Integer.parseInt(java.substring(exponentAt + 1));
        int point = mantissa.indexOf('.');
        String digits = mantissa.substring(0, point) + mantissa.substring(point + 1);
        // The value is 0.<digits> x 10^(point + exponent); normalise to d.ddd x 10^scientific.
        int leadingZeros = 0;
        while (leadingZeros < digits.length() - 1 && digits.charAt(leadingZeros) == '0') {
            leadingZeros++;
        }
        int scientific = point + exponent - 1 - leadingZeros;
        digits = digits.substring(leadingZeros);
        int last = digits.length();
        while (last > 1 && digits.charAt(last - 1) == '0') {
            last--;
        }
        digits = digits.substring(0, last);
        if (digits.equals("0")) {
            return sign + "0.0";
        }
        if (scientific < -4 || scientific >= 16) {
            StringBuilder text = new StringBuilder(sign).append(digits.charAt(0));
            if (digits.length() > 1) {
                text.append('.').append(digits, 1, digits.length());
            }
            int magnitude = Math.abs(scientific);
            text.append(scientific < 0 ? "e-" : "e+");
            if (magnitude < 10) {
                text.append('0');
            }
            return text.append(magnitude).toString();
        }
        StringBuilder text = new StringBuilder(sign);
        if (scientific < 0) {
            text.append("0.");
            text.append("0".repeat(-scientific - 1));
            text.append(digits);
            return text.toString();
        }
        if (digits.length() <= scientific + 1) {
            text.append(digits).append("0".repeat(scientific + 1 - digits.length())).append(".0");
        } else {
            text.append(digits, 0, scientific + 1).append('.').append(digits, scientific + 1, digits.length());
        }
        return text.toString();
    }

    private static final double[] POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
    private static final long[] LONG_POWERS_OF_TEN = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L,
        10_000_000L, 100_000_000L, 1_000_000_000L};
    /** The most bytes {@link #appendDouble} writes. */
    static final int MAX_FAST_DOUBLE_BYTES = 32;

    /**
     * Writes {@link #doubleText} of {@code value} as ASCII into {@code out} at {@code at} and returns
     * the position after it, or -1 without writing when the value is outside the fast path, which
     * covers values from 1e-4 to 1e15 whose shortest round-trip form has at most 9 fraction digits
     * and 15 significant digits. There the shortest form is the fewest fraction digits {@code k}
     * with {@code rint(v·10^k)/10^k == v}: below 16 digits at most one such decimal exists per
     * double, and the quotient of two exact doubles is correctly rounded, so the check is exact.
     * {@code out} needs {@link #MAX_FAST_DOUBLE_BYTES} bytes free.
     */
    static int appendDouble(byte[] out, int at, double value) {
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
                p = appendLong(out, p, integral);
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

    /** Writes a non-negative long's decimal digits at {@code at}; returns the position after them. */
    static int appendLong(byte[] out, int at, long value) {
        int length = 1;
        for (long rest = value / 10; rest != 0; rest /= 10) {
            length++;
        }
        int p = at + length;
        long rest = value;
        do {
            out[--p] = (byte) ('0' + rest % 10);
            rest /= 10;
        } while (rest != 0);
        return at + length;
    }

    static String dateText(int epochDay) {
        return LocalDate.ofEpochDay(epochDay).toString();
    }

    /** Microseconds since the epoch in a timestamp's unit converted to microseconds. */
    static long toMicros(long value, ArrowType.Timestamp type) {
        return switch (type.getUnit()) {
            case SECOND -> TimeUnit.SECONDS.toMicros(value);
            case MILLISECOND -> TimeUnit.MILLISECONDS.toMicros(value);
            case MICROSECOND -> value;
            case NANOSECOND -> Math.floorDiv(value, 1000L);
        };
    }

    /** {@code yyyy-MM-dd HH:mm:ss[.ffffff]}, trailing zeros of the fraction dropped (DuckDB's form). */
    static String timestampText(long micros) {
        LocalDateTime time = LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
        StringBuilder text = new StringBuilder(26);
        appendDateTime(text, time, ' ');
        int fraction = time.getNano() / 1000;
        if (fraction != 0) {
            String digits = String.format("%06d", fraction);
            int end = digits.length();
            while (digits.charAt(end - 1) == '0') {
                end--;
            }
            text.append('.').append(digits, 0, end);
        }
        return text.toString();
    }

    /** {@code yyyy-MM-ddTHH:mm:ss.ffffffZ}: six fraction digits, UTC (the NDJSON codec's form). */
    static String isoTimestampText(long micros) {
        LocalDateTime time = LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
        StringBuilder text = new StringBuilder(27);
        appendDateTime(text, time, 'T');
        return text.append('.').append(String.format("%06d", time.getNano() / 1000)).append('Z').toString();
    }

    private static void appendDateTime(StringBuilder text, LocalDateTime time, char separator) {
        text.append(time.toLocalDate()).append(separator);
        two(text, time.getHour());
        text.append(':');
        two(text, time.getMinute());
        text.append(':');
        two(text, time.getSecond());
    }

    private static void two(StringBuilder text, int value) {
        if (value < 10) {
            text.append('0');
        }
        text.append(value);
    }
}
