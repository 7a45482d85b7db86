package dev.pz.connectors.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Writes the JSON value under a parser into one cell of a contract-typed column, straight from the
 * token: numbers as numbers (int and bigint whole and in range), varchar taking any value (a
 * non-string as its JSON text), boolean {@code true}/{@code false}, date {@code yyyy-MM-dd},
 * timestamp ISO-8601 (an offset converted to UTC, none taken as UTC). JSON null is SQL null; any
 * other mismatch fails naming the column, never the value.
 */
final class JsonColumn {

    private final String name;
    private final ContractTypes type;

    JsonColumn(String name, ContractTypes type) {
        this.name = name;
        this.type = type;
    }

    String name() {
        return name;
    }

    ContractTypes type() {
        return type;
    }

    /** Writes the value whose first token is current; the parser ends on the value's last token. */
    void write(JsonParser parser, FieldVector vector, int row, String context) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NULL) {
            vector.setNull(row);
            return;
        }
        switch (type) {
            case INT -> {
                if (token != JsonToken.VALUE_NUMBER_INT || parser.getNumberType() != JsonParser.NumberType.INT) {
                    throw mismatch(parser, context);
                }
                ((IntVector) vector).setSafe(row, parser.getIntValue());
            }
            case BIGINT -> {
                if (token != JsonToken.VALUE_NUMBER_INT || parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    throw mismatch(parser, context);
                }
                ((BigIntVector) vector).setSafe(row, parser.getLongValue());
            }
            case DOUBLE -> {
                if (!token.isNumeric()) {
                    throw mismatch(parser, context);
                }
                ((Float8Vector) vector).setSafe(row, parser.getDoubleValue());
            }
            case DECIMAL -> {
                if (!token.isNumeric()) {
                    throw mismatch(parser, context);
                }
                ((DecimalVector) vector).setSafe(row, decimal(parser.getDecimalValue(), context));
            }
            case BOOLEAN -> {
                if (!token.isBoolean()) {
                    throw mismatch(parser, context);
                }
                ((BitVector) vector).setSafe(row, token == JsonToken.VALUE_TRUE ? 1 : 0);
            }
            case VARCHAR -> {
                String text = token == JsonToken.VALUE_STRING ? parser.getText()
                        : token.isScalarValue() ? parser.getText() : JsonNavigator.jsonText(parser);
                ((VarCharVector) vector).setSafe(row, text.getBytes(StandardCharsets.UTF_8));
            }
            case DATE -> {
                if (token != JsonToken.VALUE_STRING) {
                    throw mismatch(parser, context);
                }
                long day;
                try {
                    day = IsoTimestamps.epochDay(parser.getTextCharacters(), parser.getTextOffset(),
                            parser.getTextLength());
                } catch (DateTimeException e) {
                    throw mismatch(parser, context);
                }
                if (day == IsoTimestamps.NOT_FAST) {
                    throw mismatch(parser, context);
                }
                ((DateDayVector) vector).setSafe(row, Math.toIntExact(day));
            }
            case TIMESTAMP -> {
                if (token != JsonToken.VALUE_STRING) {
                    throw mismatch(parser, context);
                }
                try {
                    long micros = IsoTimestamps.micros(parser.getTextCharacters(), parser.getTextOffset(),
                            parser.getTextLength());
                    ((TimeStampVector) vector).setSafe(row, micros != IsoTimestamps.NOT_FAST ? micros
                            : micros(WatermarkText.utc(parser.getText())));
                } catch (IllegalArgumentException | DateTimeException | ArithmeticException e) {
                    throw mismatch(parser, context);
                }
            }
        }
    }

    /** The epoch microseconds of a UTC wall time. */
    static long micros(LocalDateTime utc) {
        return Math.addExact(Math.multiplyExact(utc.toEpochSecond(ZoneOffset.UTC), 1_000_000L), utc.getNano() / 1_000L);
    }

    private BigDecimal decimal(BigDecimal value, String context) {
        BigDecimal stripped = value.stripTrailingZeros();
        if (stripped.scale() > 9) {
            throw new PzConnectorException(null, context + ": column '" + name + "': value exceeds decimal(38,9) scale"
                    + " (declare it double or varchar in columns:)", false, null, null);
        }
        BigDecimal scaled = value.setScale(9, RoundingMode.UNNECESSARY);
        if (scaled.precision() > 38) {
            throw new PzConnectorException(null, context + ": column '" + name + "': value is not a valid decimal",
                    false, null, null);
        }
        return scaled;
    }

    private PzConnectorException mismatch(JsonParser parser, String context) throws IOException {
        parser.skipChildren();
        return new PzConnectorException(null, context + ": column '" + name + "': value is not a valid " + type.word(),
                false, null, null);
    }
}
