package dev.pz.connectors.localfiles;

/**
 * Dates and timestamps straight from a cell's bytes, for the shapes files hold almost always:
 * {@code yyyy-MM-dd}, optionally followed by {@code ' '} or {@code 'T'}, {@code HH:mm:ss} or
 * {@code HH:mm}, a fraction of 1 to 9 digits after the seconds, and {@code Z} or {@code ±HH:MM}.
 * Such a cell is computed in integer arithmetic, without a {@code String} or {@code java.time}'s
 * field map. Every other text (another shape, a day past its month's end, an hour of 24, a year of
 * more than 4 digits, a one-part offset) goes to the {@code String} parsers of
 * {@link LocalFilesCsvValues}, which define the values and the errors; the fast path only accepts
 * text whose value it computes exactly as they would.
 */
final class LocalFilesDateBytes {

    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final int SECONDS_PER_DAY = 86_400;
    /** Days from 0000-03-01 to 1970-01-01 in the proleptic Gregorian calendar. */
    private static final long DAYS_0000_TO_1970 = 719_468L;
    private static final int[] FRACTION_TO_NANOS = {
        0, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};

    private LocalFilesDateBytes() {
    }

    /** The epoch day of a {@code yyyy-MM-dd} cell. */
    static long parseDate(byte[] row, int start, int end) {
        int from = skipSpaces(row, start, end);
        int to = trimSpaces(row, from, end);
        if (to - from == 10) {
            long day = epochDay(row, from);
            if (day != Long.MIN_VALUE) {
                return day;
            }
        }
        return LocalFilesCsvValues.parseDate(LocalFilesCsvValues.ascii(row, start, end));
    }

    /** Microseconds since the epoch in UTC of a timestamp cell. */
    static long parseTimestampMicros(byte[] row, int start, int end) {
        int from = skipSpaces(row, start, end);
        int to = trimSpaces(row, from, end);
        long micros = fastTimestampMicros(row, from, to);
        if (micros != Long.MIN_VALUE) {
            return micros;
        }
        return LocalFilesCsvValues.parseTimestampMicros(LocalFilesCsvValues.ascii(row, start, end));
    }

    /** The value of {@code [from, to)}, or {@link Long#MIN_VALUE} when the fast path does not apply. */
    private static long fastTimestampMicros(byte[] row, int from, int to) {
        int length = to - from;
        if (length < 10) {
            return Long.MIN_VALUE;
        }
        long day = epochDay(row, from);
        if (day == Long.MIN_VALUE) {
            return Long.MIN_VALUE;
        }
        if (length == 10) {
            return day * SECONDS_PER_DAY * MICROS_PER_SECOND;
        }
        int p = from + 10;
        if (length < 16 || (row[p] != ' ' && row[p] != 'T') || row[p + 3] != ':') {
            return Long.MIN_VALUE;
        }
        int hour = twoDigits(row, p + 1);
        int minute = twoDigits(row, p + 4);
        if (hour > 23 || minute > 59) {
            return Long.MIN_VALUE;
        }
        p += 6;
        int second = 0;
        int nanos = 0;
        if (p < to && row[p] == ':') {
            if (to - p < 3) {
                return Long.MIN_VALUE;
            }
            second = twoDigits(row, p + 1);
            if (second > 59) {
                return Long.MIN_VALUE;
            }
            p += 3;
            if (p < to && row[p] == '.') {
                int digitsStart = ++p;
                while (p < to && isDigit(row[p]) && p - digitsStart < 9) {
                    nanos = nanos * 10 + (row[p] - '0');
                    p++;
                }
                int digits = p - digitsStart;
                if (digits == 0) {
                    return Long.MIN_VALUE;
                }
                nanos *= FRACTION_TO_NANOS[digits];
            }
        }
        int offsetSeconds = 0;
        if (p < to) {
            offsetSeconds = offsetSeconds(row, p, to);
            if (offsetSeconds == Integer.MIN_VALUE) {
                return Long.MIN_VALUE;
            }
        }
        long seconds = day * SECONDS_PER_DAY + hour * 3600L + minute * 60L + second - offsetSeconds;
        return seconds * MICROS_PER_SECOND + nanos / 1_000;
    }

    /** {@code Z} or {@code ±HH:MM} filling {@code [p, to)}, in seconds; {@link Integer#MIN_VALUE} otherwise. */
    private static int offsetSeconds(byte[] row, int p, int to) {
        if (to - p == 1 && row[p] == 'Z') {
            return 0;
        }
        if (to - p != 6 || (row[p] != '+' && row[p] != '-') || row[p + 3] != ':') {
            return Integer.MIN_VALUE;
        }
        int hours = twoDigits(row, p + 1);
        int minutes = twoDigits(row, p + 4);
        // ±18:00 is the widest offset java.time allows; the rare values near it take the slow path.
        if (hours > 17 || minutes > 59) {
            return Integer.MIN_VALUE;
        }
        int seconds = hours * 3600 + minutes * 60;
        return row[p] == '-' ? -seconds : seconds;
    }

    /**
     * The epoch day of {@code yyyy-MM-dd} at {@code p} (10 bytes available), or {@link Long#MIN_VALUE}
     * when the bytes are not that shape or name no day (a month past 12, a day past the month's end).
     */
    private static long epochDay(byte[] row, int p) {
        if (row[p + 4] != '-' || row[p + 7] != '-') {
            return Long.MIN_VALUE;
        }
        int high = twoDigits(row, p);
        int low = twoDigits(row, p + 2);
        int month = twoDigits(row, p + 5);
        int day = twoDigits(row, p + 8);
        if (high > 99 || low > 99 || month < 1 || month > 12 || day < 1 || day > lengthOfMonth(high * 100 + low, month)) {
            return Long.MIN_VALUE;
        }
        return epochDay(high * 100 + low, month, day);
    }

    /** Two decimal digits at {@code p}, or a value above 99 when either byte is not a digit. */
    private static int twoDigits(byte[] row, int p) {
        int tens = row[p] - '0';
        int ones = row[p + 1] - '0';
        if (tens < 0 || tens > 9 || ones < 0 || ones > 9) {
            return 1_000;
        }
        return tens * 10 + ones;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    private static int lengthOfMonth(int year, int month) {
        return switch (month) {
            case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** Days since 1970-01-01 of a valid date with a year in 0..9999 (years counted from March). */
    static long epochDay(int year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        long yearOfEra = y - era * 400;
        long dayOfYear = (153L * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097 + dayOfEra - DAYS_0000_TO_1970;
    }

    private static int skipSpaces(byte[] row, int start, int end) {
        while (start < end && row[start] == ' ') {
            start++;
        }
        return start;
    }

    private static int trimSpaces(byte[] row, int start, int end) {
        while (end > start && row[end - 1] == ' ') {
            end--;
        }
        return end;
    }
}
