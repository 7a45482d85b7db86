package dev.pz.connectors.sqlserver;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Dates and UTC wall clocks as the text the bulk copy hands the server ({@code yyyy-MM-dd} and
 * {@code yyyy-MM-dd HH:mm:ss.ffffff}, read the same way under every language and {@code DATEFORMAT}
 * setting for {@code date} and {@code datetime2}). Years 1–9999 are written digit by digit, since
 * a load formats one value per row and column; any other year falls back to {@code java.time}'s
 * spelling, which the server refuses as out of range, as it should.
 */
final class TemporalText {

    private static final long MICROS_PER_DAY = 86_400_000_000L;
    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private TemporalText() {
    }

    /** {@code yyyy-MM-dd} of a day number (days since 1970-01-01). */
    static String date(long epochDay) {
        char[] text = new char[10];
        if (!writeDate(epochDay, text)) {
            return LocalDate.ofEpochDay(epochDay).toString();
        }
        return new String(text);
    }

    /** {@code yyyy-MM-dd HH:mm:ss.ffffff} of microseconds since 1970-01-01T00:00 (UTC). */
    static String timestamp(long epochMicros) {
        long day = Math.floorDiv(epochMicros, MICROS_PER_DAY);
        long micros = Math.floorMod(epochMicros, MICROS_PER_DAY);
        char[] text = new char[26];
        if (!writeDate(day, text)) {
            return EPOCH.plus(epochMicros, ChronoUnit.MICROS).toString().replace('T', ' ');
        }
        text[10] = ' ';
        long seconds = micros / 1_000_000;
        digits(text, 11, seconds / 3600, 2);
        text[13] = ':';
        digits(text, 14, seconds / 60 % 60, 2);
        text[16] = ':';
        digits(text, 17, seconds % 60, 2);
        text[19] = '.';
        digits(text, 20, micros % 1_000_000, 6);
        return new String(text);
    }

    /** Microseconds since the epoch of a UTC wall clock, sub-microsecond digits dropped; inverse of {@link #timestamp}. */
    static long epochMicros(LocalDateTime value) {
        return Math.addExact(Math.multiplyExact(value.toEpochSecond(ZoneOffset.UTC), 1_000_000L), value.getNano() / 1_000);
    }

    /** Writes {@code yyyy-MM-dd} into text[0..9]; false when the year is outside 1–9999. */
    private static boolean writeDate(long epochDay, char[] text) {
        // Civil date from a day number (proleptic Gregorian), in 400-year eras starting 0000-03-01.
        long z = epochDay + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long dayOfEra = z - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        long day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1;
        long month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 1 || year > 9_999) {
            return false;
        }
        digits(text, 0, year, 4);
        text[4] = '-';
        digits(text, 5, month, 2);
        text[7] = '-';
        digits(text, 8, day, 2);
        return true;
    }

    private static void digits(char[] text, int at, long value, int width) {
        long rest = value;
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (char) ('0' + rest % 10);
            rest /= 10;
        }
    }
}
