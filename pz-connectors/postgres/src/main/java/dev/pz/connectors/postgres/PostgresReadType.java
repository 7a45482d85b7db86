package dev.pz.connectors.postgres;

import dev.pz.connectors.api.error.PzConnectorException;
import java.util.Locale;
import java.util.Optional;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The v0 read type matrix (docs/postgres.md): the PostgreSQL types a read can carry
 * and the Arrow type each becomes. Anything else is refused with a message that says how to cast.
 */
enum PostgresReadType {
    INTEGER(new ArrowType.Int(32, true), 4, true),
    BIGINT(new ArrowType.Int(64, true), 8, true),
    DOUBLE(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), 8, true),
    NUMERIC(new ArrowType.Decimal(38, 9, 128), 16, true),
    TEXT(ArrowType.Utf8.INSTANCE, 4, false),
    BOOLEAN(ArrowType.Bool.INSTANCE, 1, false),
    DATE(new ArrowType.Date(DateUnit.DAY), 4, true),
    /** Trusted as a UTC wall clock: reinterpreted, not converted. */
    TIMESTAMP(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00"), 8, true),
    TIMESTAMPTZ(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00"), 8, true);

    /** Days from 1970-01-01 to PostgreSQL's epoch 2000-01-01. */
    static final int EPOCH_OFFSET_DAYS = 10_957;
    /** Microseconds from 1970-01-01 to PostgreSQL's epoch 2000-01-01. */
    static final long EPOCH_OFFSET_MICROS = 946_684_800_000_000L;

    private final ArrowType arrowType;
    private final int width;
    private final boolean orderable;

    PostgresReadType(ArrowType arrowType, int width, boolean orderable) {
        this.arrowType = arrowType;
        this.width = width;
        this.orderable = orderable;
    }

    ArrowType arrowType() {
        return arrowType;
    }

    /** Bytes a value costs in a batch, for cutting batches at the byte target (text adds its length). */
    int width() {
        return width;
    }

    /** Whether the type can be a {@code partition_column}: ranges split on it need an order. */
    boolean orderable() {
        return orderable;
    }

    Field field(String name) {
        return Field.nullable(name, arrowType);
    }

    /** The matrix entry for a type as the driver names it ({@code int4}, {@code timestamptz}, …). */
    static Optional<PostgresReadType> forTypeName(String typeName) {
        String name = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
        return Optional.ofNullable(switch (name) {
            case "int4", "integer", "serial" -> INTEGER;
            case "int8", "bigint", "bigserial" -> BIGINT;
            case "float8", "double precision" -> DOUBLE;
            case "numeric", "decimal" -> NUMERIC;
            case "text", "varchar", "character varying", "bpchar", "character", "name" -> TEXT;
            case "bool", "boolean" -> BOOLEAN;
            case "date" -> DATE;
            case "timestamp", "timestamp without time zone" -> TIMESTAMP;
            case "timestamptz", "timestamp with time zone" -> TIMESTAMPTZ;
            default -> null;
        });
    }

    static PostgresReadType require(String column, String typeName) {
        return forTypeName(typeName).orElseThrow(() -> new PzConnectorException("column '" + column
                + "': provider type '" + typeName + "' is outside the v0 type matrix -- cast the column in query: "
                + "(e.g. ::integer, ::bigint, ::double precision or ::text)", false));
    }
}
