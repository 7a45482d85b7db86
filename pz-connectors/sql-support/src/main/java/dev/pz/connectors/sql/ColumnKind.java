package dev.pz.connectors.sql;

import dev.pz.connectors.api.ContractTypes;
import java.util.Optional;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The column types a database connector moves between JDBC and Arrow: the eight contract types plus
 * binary and time of day. Each has one Arrow type; timestamps are the UTC wall time in microseconds,
 * as pz's contract declares them.
 */
public enum ColumnKind {
    INT(new ArrowType.Int(32, true)),
    BIGINT(new ArrowType.Int(64, true)),
    DOUBLE(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
    DECIMAL(new ArrowType.Decimal(38, 9, 128)),
    VARCHAR(ArrowType.Utf8.INSTANCE),
    BOOLEAN(ArrowType.Bool.INSTANCE),
    DATE(new ArrowType.Date(DateUnit.DAY)),
    TIMESTAMP(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00")),
    TIME(new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
    BLOB(ArrowType.Binary.INSTANCE);

    private final ArrowType arrowType;

    ColumnKind(ArrowType arrowType) {
        this.arrowType = arrowType;
    }

    public ArrowType arrowType() {
        return arrowType;
    }

    public static ColumnKind of(ContractTypes contract) {
        return switch (contract) {
            case INT -> INT;
            case BIGINT -> BIGINT;
            case DOUBLE -> DOUBLE;
            case DECIMAL -> DECIMAL;
            case VARCHAR -> VARCHAR;
            case BOOLEAN -> BOOLEAN;
            case DATE -> DATE;
            case TIMESTAMP -> TIMESTAMP;
        };
    }

    /** The kind whose values an Arrow column of {@code type} holds, or empty when none does. */
    public static Optional<ColumnKind> of(ArrowType type) {
        if (type instanceof ArrowType.Int integer) {
            return Optional.of(integer.getBitWidth() <= 32 ? INT : BIGINT);
        }
        if (type instanceof ArrowType.FloatingPoint) {
            return Optional.of(DOUBLE);
        }
        if (type instanceof ArrowType.Decimal) {
            return Optional.of(DECIMAL);
        }
        if (type instanceof ArrowType.Utf8 || type instanceof ArrowType.LargeUtf8) {
            return Optional.of(VARCHAR);
        }
        if (type instanceof ArrowType.Bool) {
            return Optional.of(BOOLEAN);
        }
        if (type instanceof ArrowType.Date) {
            return Optional.of(DATE);
        }
        if (type instanceof ArrowType.Timestamp) {
            return Optional.of(TIMESTAMP);
        }
        if (type instanceof ArrowType.Time) {
            return Optional.of(TIME);
        }
        if (type instanceof ArrowType.Binary || type instanceof ArrowType.LargeBinary) {
            return Optional.of(BLOB);
        }
        return Optional.empty();
    }
}
