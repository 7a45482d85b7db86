package dev.pz.connectors.http;

import java.time.LocalDate;

/**
 * Reads the ISO-8601 shapes APIs send — {@code yyyy-MM-dd}, and {@code yyyy-MM-ddTHH:mm:ss} with an
 * optional fraction and an optional {@code Z} or {@code ±hh:mm} offset ({@code T} or a space) —
 * straight from the parser's characters, without a formatter. Anything else is left to the
 * general parser ({@link #NOT_FAST}).
 */
final class IsoTimestamps {

    /** The text is not in a shape read here; parse it the slow way. */
    static final long NOT_FAST = Long.MIN_VALUE;

    private IsoTimestamps() {
    }

    /** The day number of {@code yyyy-MM-dd}, or {@link #NOT_FAST}; an impossible date throws. */
    static long epochDay(char[] text, int offset, int length) {
        if (length != 10 || text[offset + 4] != '-' || text[offset + 7] != '-') {
            return NOT_FAST;
        }
        int year = digits(text, offset, 4);
        int month = digits(text, offset + 5, 2);
        int day = digits(text, offset + 8, 2);
        if ((year | month | day) < 0) {
            return NOT_FAST;
        }
        return LocalDate.of(year, month, day).toEpochDay();
    }

    /** Epoch microseconds (UTC) of a date or date-time, or {@link #NOT_FAST}; an impossible value throws. */
    static long micros(char[] text, int offset, int length) {
        long day = epochDay(text, offset, Math.min(length, 10));
        if (day == NOT_FAST) {
            return NOT_FAST;
        }
        if (length == 10) {
            return day * 86_400_000_000L;
        }
        int at = offset + 10;
        int end = offset + length;
        if (length < 19 || text[at] != 'T' && text[at] != 't' && text[at] != ' ' || text[at + 3] != ':'
                || text[at + 6] != ':') {
            return NOT_FAST;
        }
        int hour = digits(text, at + 1, 2);
        int minute = digits(text, at + 4, 2);
        int second = digits(text, at + 7, 2);
        if ((hour | minute | second) < 0 || hour > 23 || minute > 59 || second > 59) {
            return NOT_FAST;
        }
        int i = at + 9;
        long micros = 0;
        if (i < end && text[i] == '.') {
            int digits = 0;
            for (i++; i < end && text[i] >= '0' && text[i] <= '9'; i++, digits++) {
                if (digits < 6) {
                    micros = micros * 10 + (text[i] - '0');
                }
            }
            if (digits == 0) {
                return NOT_FAST;
            }
            for (int pad = digits; pad < 6; pad++) {
                micros *= 10;
            }
        }
        int offsetSeconds = 0;
        if (i < end) {
            char sign = text[i];
            if ((sign == 'Z' || sign == 'z') && i + 1 == end) {
                offsetSeconds = 0;
            } else if ((sign == '+' || sign == '-') && i + 6 == end && text[i + 3] == ':') {
                int hours = digits(text, i + 1, 2);
                int minutes = digits(text, i + 4, 2);
                if ((hours | minutes) < 0 || hours > 18 || minutes > 59) {
                    return NOT_FAST;
                }
                offsetSeconds = (sign == '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
            } else {
                return NOT_FAST;
            }
        }
        long seconds = day * 86_400L + hour * 3600L + minute * 60L + second - offsetSeconds;
        return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), micros);
    }

    /** {@code count} decimal digits as a number, or -1 when one is not a digit. */
    private static int digits(char[] text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = text[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
