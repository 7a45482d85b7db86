package dev.pz.connectors.postgres;

import dev.pz.connectors.api.error.PzConnectorException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Column values as the change stream carries them (PostgreSQL's text output, the session in UTC
 * and ISO date style) into the Arrow vectors of the read type matrix, with the same refusals as
 * a table read: no rounding of numerics, no infinite dates.
 */
final class PgOutputText {
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE).appendLiteral(' ').append(DateTimeFormatter.ISO_LOCAL_TIME)
            .toFormatter();
    private static final DateTimeFormatter TIMESTAMPTZ = new DateTimeFormatterBuilder().append(TIMESTAMP)
            .appendOffset("+HH:mm", "+00").toFormatter();
    private static final BigDecimal DECIMAL_LIMIT = BigDecimal.TEN.pow(29);
    private static final int SCALE = 9;
    private static final LocalDateTime EPOCH = LocalDateTime.of(1970, 1, 1, 0, 0);

    private PgOutputText() {
    }

    /** Sets row {@code row} of {@code vector} from {@code text}, or null when {@code text} is null. */
    static void set(FieldVector vector, PostgresReadType type, int row, String text) {
        if (text == null) {
            vector.setNull(row);
            return;
        }
        try {
            switch (type) {
                case INTEGER -> ((IntVector) vector).setSafe(row, Integer.parseInt(text));
                case BIGINT -> ((BigIntVector) vector).setSafe(row, Long.parseLong(text));
                case DOUBLE -> ((Float8Vector) vector).setSafe(row, Double.parseDouble(text));
                case NUMERIC -> ((DecimalVector) vector).setSafe(row, numeric(vector.getName(), text));
                case TEXT -> ((VarCharVector) vector).setSafe(row, text.getBytes(StandardCharsets.UTF_8));
                case BOOLEAN -> ((BitVector) vector).setSafe(row, "t".equals(text) ? 1 : 0);
                case DATE -> ((DateDayVector) vector).setSafe(row, Math.toIntExact(LocalDate.parse(text).toEpochDay()));
                case TIMESTAMP -> ((TimeStampMicroTZVector) vector).setSafe(row,
                        ChronoUnit.MICROS.between(EPOCH, LocalDateTime.parse(text, TIMESTAMP)));
                case TIMESTAMPTZ -> ((TimeStampMicroTZVector) vector).setSafe(row, ChronoUnit.MICROS.between(EPOCH,
                        OffsetDateTime.parse(text, TIMESTAMPTZ).withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime()));
            }
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
            throw new PzConnectorException("column '" + vector.getName() + "': value '" + text + "' from the change"
                    + " stream is outside the " + type.name().toLowerCase(java.util.Locale.ROOT) + " range pz reads", false);
        }
    }

    private static BigDecimal numeric(String column, String text) {
        BigDecimal value = new BigDecimal(text);
        if (value.abs().compareTo(DECIMAL_LIMIT) >= 0) {
            throw new PzConnectorException("column '" + column + "': numeric value " + text + " exceeds decimal(38,9)",
                    false);
        }
        try {
            return value.setScale(SCALE, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new PzConnectorException("column '" + column + "': numeric value " + text + " has more than " + SCALE
                    + " fractional digits; cast it in a view (e.g. round(x, 9)) -- pz never rounds silently", false);
        }
    }
}
