package dev.pz.connectors.localfiles;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Invariant text of the v0 types as the universal writers print them. CSV follows what DuckDB's own
 * {@code COPY … (format csv)} prints, so the two tiers agree (doubles: {@link LocalFilesDoubleText}):
 * booleans {@code true}/{@code false}, dates {@code yyyy-MM-dd},
 * timestamps {@code yyyy-MM-dd HH:mm:ss[.ffffff]} (UTC wall time, trailing fraction zeros dropped),
 * decimals in plain notation at their scale.
 */
final class LocalFilesValueText {

    private LocalFilesValueText() {
    }

    private static final long[] POWERS_OF_TEN = new long[19];
    /** Two ASCII digits per value 0..99: tens at {@code 2v}, ones at {@code 2v + 1}. */
    private static final byte[] TWO_DIGITS = new byte[200];

    static {
        long power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
        for (int v = 0; v < 100; v++) {
            TWO_DIGITS[2 * v] = (byte) ('0' + v / 10);
            TWO_DIGITS[2 * v + 1] = (byte) ('0' + v % 10);
        }
    }

    /**
     * Writes a non-negative long's decimal digits at {@code at}; returns the position after them.
     * Two digits per division, in 32-bit arithmetic once the value fits an int (divisions are the
     * cost here, and the launcher's JIT does not turn them into multiplications).
     */
    static int appendLong(byte[] out, int at, long value) {
        int length = 1;
        while (length < POWERS_OF_TEN.length && value >= POWERS_OF_TEN[length]) {
            length++;
        }
        int p = at + length;
        long rest = value;
        while (rest > Integer.MAX_VALUE) {
            long quotient = rest / 100;
            int pair = (int) (rest - quotient * 100) << 1;
            out[--p] = TWO_DIGITS[pair + 1];
            out[--p] = TWO_DIGITS[pair];
            rest = quotient;
        }
        int small = (int) rest;
        while (small >= 100) {
            int quotient = small / 100;
            int pair = (small - quotient * 100) << 1;
            out[--p] = TWO_DIGITS[pair + 1];
            out[--p] = TWO_DIGITS[pair];
            small = quotient;
        }
        if (small >= 10) {
            out[--p] = TWO_DIGITS[(small << 1) + 1];
            out[--p] = TWO_DIGITS[small << 1];
        } else {
            out[--p] = (byte) ('0' + small);
        }
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
