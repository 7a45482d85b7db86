package dev.pz.connectors.postgres;

import dev.pz.connectors.api.error.PzConnectorException;
import java.util.Set;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Arrow → PostgreSQL for the sink (docs/postgres.md): the DDL type a created column
 * gets, and the {@code information_schema.columns.data_type} values an existing column may have
 * for the binary COPY to accept it. Narrower integers and float32 widen.
 */
enum PostgresWriteType {
    INTEGER("integer", "integer", Set.of("integer")),
    BIGINT("bigint", "bigint", Set.of("bigint")),
    DOUBLE("double precision", "double precision", Set.of("double precision")),
    NUMERIC("numeric(38,9)", "numeric", Set.of("numeric")),
    TEXT("text", "text", Set.of("text", "character varying", "character")),
    BOOLEAN("boolean", "boolean", Set.of("boolean")),
    DATE("date", "date", Set.of("date")),
    /** A {@code timestamp} column has the same wire format and is written as the UTC wall clock. */
    TIMESTAMPTZ("timestamptz", "timestamp with time zone",
            Set.of("timestamp with time zone", "timestamp without time zone"));

    private final String ddl;
    private final String expected;
    private final Set<String> accepted;

    PostgresWriteType(String ddl, String expected, Set<String> accepted) {
        this.ddl = ddl;
        this.expected = expected;
        this.accepted = accepted;
    }

    /** The type a created column gets. */
    String ddl() {
        return ddl;
    }

    /** The type an existing column is expected to have, as {@code information_schema} names it. */
    String expected() {
        return expected;
    }

    boolean accepts(String dataType) {
        return accepted.contains(dataType);
    }

    static PostgresWriteType of(String output, Field field) {
        ArrowType type = field.getType();
        PostgresWriteType mapped = switch (type.getTypeID()) {
            case Int -> {
                ArrowType.Int integer = (ArrowType.Int) type;
                if (integer.getBitWidth() == 64 && integer.getIsSigned()) {
                    yield BIGINT;
                }
                yield integer.getBitWidth() < 32 || (integer.getBitWidth() == 32 && integer.getIsSigned()) ? INTEGER
                        : null;
            }
            case FloatingPoint -> ((ArrowType.FloatingPoint) type).getPrecision() == FloatingPointPrecision.HALF ? null
                    : DOUBLE;
            case Decimal -> ((ArrowType.Decimal) type).getBitWidth() == 128 ? NUMERIC : null;
            case Utf8 -> TEXT;
            case Bool -> BOOLEAN;
            case Date -> ((ArrowType.Date) type).getUnit() == DateUnit.DAY ? DATE : null;
            case Timestamp -> TIMESTAMPTZ;
            default -> null;
        };
        if (mapped == null) {
            throw new PzConnectorException("output '" + output + "': column '" + field.getName() + "' has Arrow type '"
                    + type + "', which the postgres sink does not write (v0 types: int, bigint, double, decimal, "
                    + "varchar, boolean, date, timestamp)", false);
        }
        return mapped;
    }
}
