package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.error.PzConnectorException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The read type matrix: the SQL Server types a read can carry, keyed by the type name the server
 * reports (parameters and an {@code identity} suffix removed), and the Arrow type each becomes.
 * Narrower integers and {@code real} widen; every exact numeric becomes decimal128(38,9) (a value
 * with more fractional digits is refused, never rounded); the character types and
 * {@code uniqueidentifier} (lower case, as .NET prints it) become text; the date-time types become
 * a UTC timestamp in microseconds (types without an offset are trusted to hold UTC wall clocks,
 * {@code datetimeoffset} is converted); binary types stay binary. Anything else is refused with a
 * message that says how to cast.
 */
enum SqlServerReadType {
    INT(new ArrowType.Int(32, true), 4, true),
    BIGINT(new ArrowType.Int(64, true), 8, true),
    DOUBLE(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), 8, true),
    DECIMAL(new ArrowType.Decimal(38, 9, 128), 16, true),
    TEXT(ArrowType.Utf8.INSTANCE, 4, false),
    GUID(ArrowType.Utf8.INSTANCE, 40, false),
    BIT(ArrowType.Bool.INSTANCE, 1, false),
    DATE(new ArrowType.Date(DateUnit.DAY), 4, true),
    DATETIME(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00"), 8, true),
    DATETIMEOFFSET(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "+00:00"), 8, true),
    BINARY(ArrowType.Binary.INSTANCE, 4, false);

    private static final Map<String, SqlServerReadType> BY_NAME = Map.ofEntries(
            Map.entry("int", INT), Map.entry("smallint", INT), Map.entry("tinyint", INT),
            Map.entry("bigint", BIGINT),
            Map.entry("float", DOUBLE), Map.entry("real", DOUBLE),
            Map.entry("decimal", DECIMAL), Map.entry("numeric", DECIMAL), Map.entry("money", DECIMAL),
            Map.entry("smallmoney", DECIMAL),
            Map.entry("nvarchar", TEXT), Map.entry("varchar", TEXT), Map.entry("nchar", TEXT), Map.entry("char", TEXT),
            Map.entry("ntext", TEXT), Map.entry("text", TEXT), Map.entry("sysname", TEXT),
            Map.entry("uniqueidentifier", GUID),
            Map.entry("bit", BIT),
            Map.entry("date", DATE),
            Map.entry("datetime2", DATETIME), Map.entry("datetime", DATETIME), Map.entry("smalldatetime", DATETIME),
            Map.entry("datetimeoffset", DATETIMEOFFSET),
            Map.entry("varbinary", BINARY), Map.entry("binary", BINARY), Map.entry("image", BINARY),
            Map.entry("timestamp", BINARY), Map.entry("rowversion", BINARY));

    private final ArrowType arrowType;
    private final int width;
    private final boolean orderable;

    SqlServerReadType(ArrowType arrowType, int width, boolean orderable) {
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

    /** Whether the type can be a {@code partition_column}: numeric or temporal. */
    boolean orderable() {
        return orderable;
    }

    Field field(String name) {
        return Field.nullable(name, arrowType);
    }

    /** The matrix entry for a type as the server names it ({@code nvarchar}, {@code int identity}, …). */
    static Optional<SqlServerReadType> forTypeName(String typeName) {
        return Optional.ofNullable(BY_NAME.get(baseName(typeName)));
    }

    static SqlServerReadType require(String column, String typeName) {
        return forTypeName(typeName).orElseThrow(() -> new PzConnectorException("column '" + column
                + "': provider type '" + typeName + "' is outside the v0 type matrix -- cast the column in query: "
                + "(e.g. cast(" + SqlServerSql.quote(column) + " as nvarchar(max)), as bigint or as float)", false));
    }

    /** {@code decimal(18,2)} → {@code decimal}, {@code int identity} → {@code int}, lower case. */
    static String baseName(String typeName) {
        String name = typeName == null ? "" : typeName.trim().toLowerCase(Locale.ROOT);
        int paren = name.indexOf('(');
        if (paren >= 0) {
            name = name.substring(0, paren);
        }
        if (name.endsWith(" identity")) {
            name = name.substring(0, name.length() - " identity".length());
        }
        return name.trim();
    }
}
