package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** One aggregate pass over a staged table that keeps the columns whose boolean verdict holds. */
final class ColumnVerdicts {

    private ColumnVerdicts() {
    }

    /** The staged table's columns of DuckDB type {@code type}, in table order. */
    static List<String> ofType(DuckConnection connection, String table, String type) {
        return connection.query("select column_name from (describe " + table + ") where column_type = "
                + SqlLiterals.string(type), row -> row.getString(1));
    }

    /**
     * The {@code columns} whose verdict is true over all rows; {@code verdict} turns a quoted column
     * into an aggregate boolean expression (a null verdict, as on an empty table, counts as false).
     */
    static List<String> holding(DuckConnection connection, String table, List<String> columns,
            UnaryOperator<String> verdict) {
        if (columns.isEmpty()) {
            return List.of();
        }
        StringBuilder sql = new StringBuilder("select ");
        for (int i = 0; i < columns.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("coalesce(")
                    .append(verdict.apply(SqlLiterals.identifier(columns.get(i)))).append(", false)");
        }
        sql.append(" from ").append(table);
        List<String> held = new ArrayList<>();
        connection.query(sql.toString(), row -> {
            for (int i = 0; i < columns.size(); i++) {
                if (row.getBoolean(i + 1)) {
                    held.add(columns.get(i));
                }
            }
            return null;
        });
        return held;
    }
}
