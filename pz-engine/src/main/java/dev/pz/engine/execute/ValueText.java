package dev.pz.engine.execute;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Values as pz prints them in check samples: invariant numbers (shortest form, no trailing
 * {@code .0}), strings raw, {@code null}, {@code True}/{@code False}, dates {@code yyyy-MM-dd} and
 * timestamps {@code yyyy-MM-ddTHH:mm:ss.fffffff}.
 */
final class ValueText {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSS");

    private ValueText() {
    }

    static String of(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Boolean flag) {
            return flag ? "True" : "False";
        }
        if (value instanceof Double number) {
            return format(number);
        }
        if (value instanceof Float number) {
            return format(number.doubleValue());
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof Timestamp timestamp) {
            return TIMESTAMP.format(timestamp.toLocalDateTime());
        }
        if (value instanceof LocalDateTime dateTime) {
            return TIMESTAMP.format(dateTime);
        }
        if (value instanceof OffsetDateTime dateTime) {
            return TIMESTAMP.format(dateTime.toLocalDateTime());
        }
        if (value instanceof Date date) {
            return date.toLocalDate().toString();
        }
        if (value instanceof LocalDate date) {
            return date.toString();
        }
        return String.valueOf(value);
    }

    static String format(double number) {
        if (Double.isNaN(number) || Double.isInfinite(number)) {
            return Double.toString(number);
        }
        return BigDecimal.valueOf(number).stripTrailingZeros().toPlainString();
    }
}
