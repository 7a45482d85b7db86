package dev.pz.connectors.formats;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The type a file gives a column before any {@code columns:} contract applies: what DuckDB's
 * {@code read_xlsx}/{@code read_avro} would infer. Values travel as plain Java objects: Integer,
 * Long, Float, Double, BigDecimal, Boolean, String, LocalDate, LocalTime, LocalDateTime (UTC wall
 * time) and byte[].
 */
public enum SourceType {
    INTEGER("INTEGER"),
    BIGINT("BIGINT"),
    FLOAT("FLOAT"),
    DOUBLE("DOUBLE"),
    DECIMAL("DECIMAL"),
    BOOLEAN("BOOLEAN"),
    VARCHAR("VARCHAR"),
    BLOB("BLOB"),
    DATE("DATE"),
    TIME("TIME"),
    TIMESTAMP("TIMESTAMP");

    private final String duckName;

    SourceType(String duckName) {
        this.duckName = duckName;
    }

    /** DuckDB's name of the type, for messages. */
    public String duckName() {
        return duckName;
    }

    /** The Arrow type an inferred column of this type is read into (decimals carry their own precision). */
    ArrowType arrowType() {
        return switch (this) {
            case INTEGER -> new ArrowType.Int(32, true);
            case BIGINT -> new ArrowType.Int(64, true);
            case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case DECIMAL -> new ArrowType.Decimal(38, 9, 128);
            case BOOLEAN -> ArrowType.Bool.INSTANCE;
            case VARCHAR -> ArrowType.Utf8.INSTANCE;
            case BLOB -> ArrowType.Binary.INSTANCE;
            case DATE -> new ArrowType.Date(DateUnit.DAY);
            case TIME -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
            case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
        };
    }
}
