package dev.pz.connectors.sqlite;

import dev.pz.connectors.sql.ColumnKind;
import java.util.Locale;

/**
 * SQLite's declared column types and pz's kinds. Reading follows SQLite's type affinity as DuckDB's
 * SQLite scanner applies it: a declared type containing {@code int} is BIGINT; {@code char},
 * {@code clob} or {@code text} VARCHAR; {@code blob} or none BLOB; {@code real}, {@code floa} or
 * {@code doub} DOUBLE; {@code bool} BIGINT; exactly {@code date} DATE, {@code datetime} or
 * {@code timestamp} TIMESTAMP, {@code time} TIME; anything else (NUMERIC, DECIMAL(p,s)) DOUBLE.
 * Writing declares DuckDB's type names, except that decimals are declared TEXT so that their
 * digits survive (a NUMERIC column would turn them into floating point).
 */
final class SqliteTypes {

    private SqliteTypes() {
    }

    static ColumnKind read(String declared) {
        String type = declared == null ? "" : declared.trim().toLowerCase(Locale.ROOT);
        if (type.contains("int")) {
            return ColumnKind.BIGINT;
        }
        if (type.contains("char") || type.contains("clob") || type.contains("text")) {
            return ColumnKind.VARCHAR;
        }
        if (type.isEmpty() || type.contains("blob")) {
            return ColumnKind.BLOB;
        }
        if (type.contains("real") || type.contains("floa") || type.contains("doub")) {
            return ColumnKind.DOUBLE;
        }
        if (type.contains("bool")) {
            return ColumnKind.BIGINT;
        }
        return switch (type) {
            case "date" -> ColumnKind.DATE;
            case "datetime", "timestamp" -> ColumnKind.TIMESTAMP;
            case "time" -> ColumnKind.TIME;
            default -> ColumnKind.DOUBLE;
        };
    }

    static String declare(ColumnKind kind) {
        return switch (kind) {
            case INT -> "INTEGER";
            case BIGINT -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case DECIMAL, VARCHAR -> "TEXT";
            case BOOLEAN -> "BOOLEAN";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP";
            case TIME -> "TIME";
            case BLOB -> "BLOB";
        };
    }
}
