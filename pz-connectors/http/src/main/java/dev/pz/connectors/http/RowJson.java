package dev.pz.connectors.http;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Rows of Arrow batches as JSON objects, keys in schema order: integers and decimals as numbers,
 * doubles as numbers (NaN and infinities as null), booleans, text, dates {@code "yyyy-MM-dd"},
 * timestamps {@code "yyyy-MM-ddTHH:mm:ss.ffffffZ"} in UTC; null as null. Values go from the vectors
 * to Jackson's generator without an intermediate object per row.
 */
final class RowJson {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'");

    private enum Kind { INTEGER, FLOAT, DECIMAL, TEXT, BOOLEAN, DATE, TIMESTAMP }

    private final List<Field> fields;
    private final Kind[] kinds;

    /** Refuses a schema with a column that has no JSON form (cast it in the pipeline). */
    RowJson(Schema schema, String context) {
        this.fields = schema.getFields();
        this.kinds = new Kind[fields.size()];
        for (int i = 0; i < kinds.length; i++) {
            kinds[i] = kind(fields.get(i).getType());
            if (kinds[i] == null) {
                throw new PzConnectorException(null, context + ": column '" + fields.get(i).getName() + "' has type "
                        + fields.get(i).getType() + ", which http does not send as JSON (cast it in the pipeline)",
                        false, null, null);
            }
        }
    }

    private static Kind kind(ArrowType type) {
        return switch (type.getTypeID()) {
            case Int -> Kind.INTEGER;
            case FloatingPoint -> Kind.FLOAT;
            case Decimal -> Kind.DECIMAL;
            case Utf8, LargeUtf8, Utf8View -> Kind.TEXT;
            case Bool -> Kind.BOOLEAN;
            case Date -> Kind.DATE;
            case Timestamp -> Kind.TIMESTAMP;
            default -> null;
        };
    }

    /** Writes row {@code row} of {@code batch} as one JSON object. */
    void write(JsonGenerator generator, VectorSchemaRoot batch, int row) throws IOException {
        generator.writeStartObject();
        for (int column = 0; column < kinds.length; column++) {
            FieldVector vector = batch.getVector(column);
            generator.writeFieldName(fields.get(column).getName());
            if (vector.isNull(row)) {
                generator.writeNull();
                continue;
            }
            switch (kinds[column]) {
                case INTEGER -> {
                    if (vector instanceof BaseIntVector integers && ((ArrowType.Int) fields.get(column).getType())
                            .getIsSigned()) {
                        generator.writeNumber(integers.getValueAsLong(row));
                    } else {
                        generator.writeNumber(new java.math.BigInteger(String.valueOf(vector.getObject(row))));
                    }
                }
                case FLOAT -> {
                    double value = vector instanceof Float8Vector doubles ? doubles.get(row)
                            : ((Float4Vector) vector).get(row);
                    if (Double.isFinite(value)) {
                        generator.writeNumber(value);
                    } else {
                        generator.writeNull();
                    }
                }
                case DECIMAL -> generator.writeNumber((BigDecimal) vector.getObject(row));
                case TEXT -> {
                    if (vector instanceof VarCharVector text) {
                        byte[] bytes = text.get(row);
                        generator.writeUTF8String(bytes, 0, bytes.length);
                    } else {
                        generator.writeString(String.valueOf(vector.getObject(row)));
                    }
                }
                case BOOLEAN -> generator.writeBoolean(((BitVector) vector).get(row) == 1);
                case DATE, TIMESTAMP -> generator.writeString(text(vector, row, kinds[column]));
            }
        }
        generator.writeEndObject();
    }

    /** A non-null value as a URL path segment shows it, before escaping: text as it is, others as in JSON. */
    String keyText(int column, VectorSchemaRoot batch, int row) {
        FieldVector vector = batch.getVector(column);
        if (vector.isNull(row)) {
            return null;
        }
        return switch (kinds[column]) {
            case DATE, TIMESTAMP -> text(vector, row, kinds[column]);
            case TEXT -> vector instanceof VarCharVector chars
                    ? new String(chars.get(row), java.nio.charset.StandardCharsets.UTF_8)
                    : String.valueOf(vector.getObject(row));
            case DECIMAL -> ((BigDecimal) vector.getObject(row)).toPlainString();
            default -> String.valueOf(vector.getObject(row));
        };
    }

    private static String text(FieldVector vector, int row, Kind kind) {
        if (kind == Kind.DATE) {
            return vector instanceof DateDayVector days ? LocalDate.ofEpochDay(days.get(row)).toString()
                    : LocalDate.ofEpochDay(Math.floorDiv(((DateMilliVector) vector).get(row), 86_400_000L)).toString();
        }
        ArrowType.Timestamp type = (ArrowType.Timestamp) vector.getField().getType();
        long value = ((TimeStampVector) vector).get(row);
        long micros = switch (type.getUnit()) {
            case SECOND -> TimeUnit.SECONDS.toMicros(value);
            case MILLISECOND -> TimeUnit.MILLISECONDS.toMicros(value);
            case MICROSECOND -> value;
            case NANOSECOND -> Math.floorDiv(value, 1_000L);
        };
        LocalDateTime utc = LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                (int) Math.floorMod(micros, 1_000_000L) * 1_000, ZoneOffset.UTC);
        return TIMESTAMP.format(utc);
    }
}
