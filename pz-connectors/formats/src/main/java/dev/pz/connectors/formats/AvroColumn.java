package dev.pz.connectors.formats;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * How an Avro schema maps to Arrow, and an Avro datum to the plain Java value of its
 * {@link SourceType}. A union with {@code null} is a nullable column of the other branch; a record
 * is a struct, an array a list, a map a map with text keys. Logical types: {@code decimal} →
 * Decimal128(p, s), {@code date} → Date32, {@code time-millis}/{@code time-micros} → Time64(µs),
 * {@code timestamp-*} and {@code local-timestamp-*} → Timestamp(µs) holding the UTC (or local)
 * wall time, {@code uuid} → text. Enums are text; bytes and fixed are binary.
 */
final class AvroColumn {

    private AvroColumn() {
    }

    /** The non-null branch of a nullable union, or the schema itself. */
    static Schema unwrap(Schema schema, String name) {
        if (schema.getType() != Schema.Type.UNION) {
            return schema;
        }
        List<Schema> branches = schema.getTypes().stream().filter(s -> s.getType() != Schema.Type.NULL).toList();
        if (branches.size() == 1) {
            return branches.get(0);
        }
        if (branches.isEmpty()) {
            return Schema.create(Schema.Type.NULL);
        }
        throw FormatFailure.unsupported("field '" + name + "' is a union of "
                + String.join(", ", branches.stream().map(AvroColumn::describe).toList())
                + ", which has no single column type");
    }

    /** The value type of a leaf schema, or null for a record, array or map. */
    static SourceType sourceType(Schema schema) {
        LogicalType logical = schema.getLogicalType();
        if (logical instanceof LogicalTypes.Decimal) {
            return SourceType.DECIMAL;
        }
        if (logical instanceof LogicalTypes.Date) {
            return SourceType.DATE;
        }
        if (logical instanceof LogicalTypes.TimeMillis || logical instanceof LogicalTypes.TimeMicros) {
            return SourceType.TIME;
        }
        if (isTimestamp(logical)) {
            return SourceType.TIMESTAMP;
        }
        if (logical != null && logical.getName().equals("uuid")) {
            return SourceType.VARCHAR;
        }
        return switch (schema.getType()) {
            case INT -> SourceType.INTEGER;
            case LONG -> SourceType.BIGINT;
            case FLOAT -> SourceType.FLOAT;
            case DOUBLE -> SourceType.DOUBLE;
            case BOOLEAN -> SourceType.BOOLEAN;
            case STRING, ENUM, NULL -> SourceType.VARCHAR;
            case BYTES, FIXED -> SourceType.BLOB;
            case RECORD, ARRAY, MAP, UNION -> null;
        };
    }

    private static boolean isTimestamp(LogicalType logical) {
        return logical instanceof LogicalTypes.TimestampMillis || logical instanceof LogicalTypes.TimestampMicros
                || logical instanceof LogicalTypes.TimestampNanos || logical instanceof LogicalTypes.LocalTimestampMillis
                || logical instanceof LogicalTypes.LocalTimestampMicros
                || logical instanceof LogicalTypes.LocalTimestampNanos;
    }

    /** The nullable Arrow field for a (possibly union) Avro schema. */
    static Field field(String name, Schema declared) {
        Schema schema = unwrap(declared, name);
        return switch (schema.getType()) {
            case RECORD -> {
                List<Field> children = new ArrayList<>();
                for (Schema.Field child : schema.getFields()) {
                    children.add(field(child.name(), child.schema()));
                }
                yield new Field(name, FieldType.nullable(ArrowType.Struct.INSTANCE), children);
            }
            case ARRAY -> new Field(name, FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(field("item", schema.getElementType())));
            case MAP -> new Field(name, FieldType.nullable(new ArrowType.Map(false)), List.of(new Field("entries",
                    FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                            new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
                            field("value", schema.getValueType())))));
            default -> Field.nullable(name, leafArrowType(schema, name));
        };
    }

    private static ArrowType leafArrowType(Schema schema, String name) {
        if (schema.getLogicalType() instanceof LogicalTypes.Decimal decimal) {
            if (decimal.getPrecision() > 38) {
                throw FormatFailure.unsupported("field '" + name + "' is a decimal(" + decimal.getPrecision() + ", "
                        + decimal.getScale() + "), wider than the 38 digits a column holds");
            }
            return new ArrowType.Decimal(decimal.getPrecision(), decimal.getScale(), 128);
        }
        return sourceType(schema).arrowType();
    }

    /** The plain Java value of a leaf datum (see {@link SourceType}), or null. */
    static Object value(Schema schema, Object datum) {
        if (datum == null) {
            return null;
        }
        LogicalType logical = schema.getLogicalType();
        if (logical instanceof LogicalTypes.Decimal decimal) {
            byte[] bytes = datum instanceof GenericFixed fixed ? fixed.bytes() : bytes((ByteBuffer) datum);
            return new BigDecimal(new BigInteger(bytes), decimal.getScale());
        }
        if (logical instanceof LogicalTypes.Date) {
            return LocalDate.ofEpochDay((Integer) datum);
        }
        if (logical instanceof LogicalTypes.TimeMillis) {
            return LocalTime.ofNanoOfDay((Integer) datum * 1_000_000L);
        }
        if (logical instanceof LogicalTypes.TimeMicros) {
            return LocalTime.ofNanoOfDay((Long) datum * 1_000L);
        }
        if (isTimestamp(logical)) {
            long raw = (Long) datum;
            long micros = switch (logical.getName()) {
                case "timestamp-millis", "local-timestamp-millis" -> Math.multiplyExact(raw, 1000L);
                case "timestamp-nanos", "local-timestamp-nanos" -> Math.floorDiv(raw, 1000L);
                default -> raw;
            };
            return VectorValues.fromEpochMicros(micros);
        }
        if (logical != null && logical.getName().equals("uuid") && datum instanceof GenericFixed fixed) {
            ByteBuffer buffer = ByteBuffer.wrap(fixed.bytes());
            return new UUID(buffer.getLong(), buffer.getLong()).toString();
        }
        return switch (schema.getType()) {
            case STRING, ENUM -> datum.toString();
            case BYTES -> bytes((ByteBuffer) datum);
            case FIXED -> ((GenericFixed) datum).bytes().clone();
            case NULL -> null;
            default -> datum;
        };
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    static String describe(Schema schema) {
        return schema.getLogicalType() != null ? schema.getLogicalType().getName() : schema.getType().getName();
    }
}
