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
