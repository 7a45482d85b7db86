package dev.pz.connectors.sqlite;

import dev.pz.connectors.sql.ColumnKind;
import java.util.Locale;

/**
 * SQLite's declared column types and pz's kinds, exactly as DuckDB's SQLite extension maps them, so
 * that a read or a write gives what the reference's native path gives. Reading (by SQLite's type
 * affinity, on the lower-cased declared type): containing {@code int} BIGINT; {@code char},
 * {@code clob} or {@code text} VARCHAR; {@code blob}, or no type, BLOB; {@code real}, {@code floa}
 * or {@code doub} DOUBLE; exactly {@code date} DATE; containing {@code time} (datetime, timestamp)
 * TIMESTAMP; {@code dec} or {@code num} DOUBLE; anything else (boolean included) VARCHAR. Writing
 * declares BIGINT for integers and booleans, DOUBLE, BLOB, and VARCHAR for everything else (dates,
 * timestamps and decimals are stored as their text).
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
        if (type.equals("date")) {
            return ColumnKind.DATE;
        }
        if (type.contains("time")) {
            return ColumnKind.TIMESTAMP;
        }
        if (type.contains("dec") || type.contains("num")) {
            return ColumnKind.DOUBLE;
        }
        return ColumnKind.VARCHAR;
    }

    static String declare(ColumnKind kind) {
        return switch (kind) {
            case INT, BIGINT, BOOLEAN -> "BIGINT";
            case DOUBLE -> "DOUBLE";
            case BLOB -> "BLOB";
            case DECIMAL, VARCHAR, DATE, TIMESTAMP, TIME -> "VARCHAR";
        };
    }
}
