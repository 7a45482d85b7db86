package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Types;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Arrow → SQL Server for the sink: the type a created column gets when {@code columns:} declares
 * none (text is sized separately, see {@link SqlServerColumnTypes}), the JDBC type the bulk copy
 * announces for the values, and the declared types that can hold the column's values. Narrow
 * integers widen to {@code smallint}; every timestamp, with or without a zone, is written as its
 * UTC wall clock into {@code datetime2(6)}.
 */
enum SqlServerWriteType {
    SMALLINT("smallint", Types.SMALLINT, Set.of("smallint", "int", "bigint", "decimal")),
    INT("int", Types.INTEGER, Set.of("int", "bigint", "decimal")),
    BIGINT("bigint", Types.BIGINT, Set.of("bigint", "decimal")),
    REAL("real", Types.REAL, Set.of("real", "float")),
    FLOAT("float", Types.DOUBLE, Set.of("float")),
    DECIMAL("decimal(38,9)", Types.DECIMAL, Set.of("decimal", "float")),
    TEXT("nvarchar(max)", Types.NVARCHAR, Set.of("nvarchar", "varchar")),
    BIT("bit", Types.BIT, Set.of("bit")),
    DATE("date", Types.DATE, Set.of("date", "datetime2")),
    DATETIME2("datetime2(6)", Types.TIMESTAMP, Set.of("datetime2")),
    VARBINARY("varbinary(max)", Types.VARBINARY, Set.of("varbinary"));

    private final String defaultDdl;
    private final int jdbcType;
    private final Set<String> declarable;

    SqlServerWriteType(String defaultDdl, int jdbcType, Set<String> declarable) {
        this.defaultDdl = defaultDdl;
        this.jdbcType = jdbcType;
        this.declarable = declarable;
    }

    /** The type of a created column when nothing declares or sizes it. */
    String defaultDdl() {
        return defaultDdl;
    }

    /** The {@link java.sql.Types} code the bulk copy announces for the column. */
    int jdbcType() {
        return jdbcType;
    }

    /** Whether a declared (canonical) type can hold this column's values. */
    boolean accepts(String canonical) {
        return declarable.contains(SqlServerReadType.baseName(canonical));
    }

    boolean isText() {
        return this == TEXT;
    }

    static SqlServerWriteType of(String output, Field field) {
        ArrowType type = field.getType();
        SqlServerWriteType mapped = switch (type.getTypeID()) {
            case Int -> {
                ArrowType.Int integer = (ArrowType.Int) type;
                if (!integer.getIsSigned()) {
                    yield null;
                }
                yield switch (integer.getBitWidth()) {
                    case 8, 16 -> SMALLINT;
                    case 32 -> INT;
                    case 64 -> BIGINT;
                    default -> null;
                };
            }
            case FloatingPoint -> switch (((ArrowType.FloatingPoint) type).getPrecision()) {
                case SINGLE -> REAL;
                case DOUBLE -> FLOAT;
                case HALF -> null;
            };
            case Decimal -> ((ArrowType.Decimal) type).getBitWidth() == 128 ? DECIMAL : null;
            case Utf8, LargeUtf8, Utf8View -> TEXT;
            case Bool -> BIT;
            case Date -> DATE;
            case Timestamp -> DATETIME2;
            case Binary, LargeBinary, FixedSizeBinary, BinaryView -> VARBINARY;
            default -> null;
        };
        if (mapped == null) {
            throw new PzConnectorException("output '" + output + "': column '" + field.getName() + "' has Arrow type '"
                    + type + "', which the sqlserver sink does not write -- cast it in the pipeline's select to "
                    + "integer, bigint, double, decimal, varchar, boolean, date, timestamp or blob", false);
        }
        return mapped;
    }
}
