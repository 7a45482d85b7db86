package dev.pz.connectors.mysql;

import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.sql.ColumnKind;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;

/**
 * MySQL column types and pz's kinds. Reading: integers up to INT are INT, BIGINT is BIGINT (unsigned
 * BIGINT DECIMAL), TINYINT(1)/BIT(1)/BOOLEAN BOOLEAN, FLOAT/DOUBLE DOUBLE, DECIMAL DECIMAL, text,
 * ENUM, SET and JSON VARCHAR, DATE DATE, DATETIME/TIMESTAMP TIMESTAMP, TIME TIME, binary and blobs
 * BLOB, YEAR INT. Writing creates what DuckDB's MySQL writer creates (VARCHAR as TEXT).
 */
final class MysqlTypes {

    private MysqlTypes() {
    }

    static ColumnKind read(ResultSetMetaData metadata, int column) throws SQLException {
        int type = metadata.getColumnType(column);
        String name = metadata.getColumnTypeName(column);
        return switch (type) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER -> ColumnKind.INT;
            case Types.BIGINT -> name != null && name.toUpperCase(java.util.Locale.ROOT).contains("UNSIGNED")
                    ? ColumnKind.DECIMAL : ColumnKind.BIGINT;
            case Types.BIT, Types.BOOLEAN -> ColumnKind.BOOLEAN;
            case Types.REAL, Types.FLOAT, Types.DOUBLE -> ColumnKind.DOUBLE;
            case Types.DECIMAL, Types.NUMERIC -> ColumnKind.DECIMAL;
            case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR,
                    Types.CLOB, Types.NCLOB, Types.OTHER -> ColumnKind.VARCHAR;
            case Types.DATE -> "YEAR".equalsIgnoreCase(name) ? ColumnKind.INT : ColumnKind.DATE;
            case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> ColumnKind.TIMESTAMP;
            case Types.TIME -> ColumnKind.TIME;
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> ColumnKind.BLOB;
            default -> throw new PzConnectorException("column '" + metadata.getColumnLabel(column) + "' has MySQL type "
                    + name + ", which pz cannot read -- cast it in a query: read", false);
        };
    }

    /** The column type a write creates for an Arrow field: decimals keep their precision and scale. */
    static String declare(ColumnKind kind, org.apache.arrow.vector.types.pojo.ArrowType type) {
        if (type instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal decimal) {
            return "DECIMAL(" + decimal.getPrecision() + "," + decimal.getScale() + ")";
        }
        return declare(kind);
    }

    static String declare(ColumnKind kind) {
        return switch (kind) {
            case INT -> "INT";
            case BIGINT -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case DECIMAL -> "DECIMAL(38,9)";
            case VARCHAR -> "TEXT";
            case BOOLEAN -> "BOOLEAN";
            case DATE -> "DATE";
            case TIMESTAMP -> "DATETIME(6)";
            case TIME -> "TIME(6)";
            case BLOB -> "LONGBLOB";
        };
    }
}
