package dev.pz.connectors.sqlserver;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Typed T-SQL literals. Dates and times are cast on the literal, never on the column, so a predicate
 * stays sargable; the text inside each cast is in a form the server reads the same way whatever the
 * session's language or {@code DATEFORMAT}.
 */
final class SqlServerLiterals {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd");
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");

    private SqlServerLiterals() {
    }

    /** {@code cast('2026-01-01' as date)}. */
    static String date(LocalDate value) {
        return "cast(" + SqlServerSql.literal(value.format(DATE)) + " as date)";
    }

    /** {@code cast('2026-01-01 10:00:00.000000' as datetime2(6))}: a UTC wall clock to the microsecond. */
    static String datetime2(LocalDateTime utcWallClock) {
        return "cast(" + SqlServerSql.literal(utcWallClock.format(DATETIME)) + " as datetime2(6))";
    }

    /** {@code cast('2026-01-01 10:00:00.000000 +00:00' as datetimeoffset(6))}: a UTC instant. */
    static String datetimeoffset(LocalDateTime utcWallClock) {
        return "cast(" + SqlServerSql.literal(utcWallClock.format(DATETIME) + " +00:00") + " as datetimeoffset(6))";
    }

    /** An exact numeric literal, never in exponent form. */
    static String decimal(BigDecimal value) {
        return value.toPlainString();
    }

    /**
     * A {@code float} literal: the shortest decimal form that reads back as the same double, with an
     * exponent so the server types it float rather than decimal. Only finite values have one.
     */
    static String floatValue(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("no T-SQL literal for " + value);
        }
        String text = Double.toString(value);
        return text.contains("E") ? text : text + "E0";
    }
}
