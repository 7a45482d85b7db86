package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.SourceLoadNode;
import java.util.ArrayList;
import java.util.List;

/**
 * After a native read whose schema DuckDB inferred: a DOUBLE column whose values are all whole
 * numbers, some beyond 2^53 (where a double stops holding every integer) yet within HUGEINT, was
 * most likely an integer column that lost digits in the sniff. The run warns; the load goes on.
 */
final class LossyIntegerLint {
    private static final String EXACT_DOUBLE_LIMIT = "9007199254740992";
    private static final String HUGEINT_LIMIT = "1.7014118346046923e38";

    private LossyIntegerLint() {
    }

    static void check(SourceLoadNode node, RunContext context, DuckConnection connection, String table) {
        List<String> doubles = connection.query("select column_name from (describe " + table + ") where column_type"
                + " = 'DOUBLE'", row -> row.getString(1));
        if (doubles.isEmpty()) {
            return;
        }
        StringBuilder sql = new StringBuilder("select ");
        for (int i = 0; i < doubles.size(); i++) {
            String column = SqlLiterals.identifier(doubles.get(i));
            sql.append(i == 0 ? "" : ", ").append("coalesce(count(*) filter (where ").append(column)
                    .append(" is not null and (not isfinite(").append(column).append(") or ").append(column)
                    .append(" != trunc(").append(column).append("))) = 0 and max(abs(").append(column).append(")) > ")
                    .append(EXACT_DOUBLE_LIMIT).append(" and max(abs(").append(column).append(")) < ")
                    .append(HUGEINT_LIMIT).append(", false)");
        }
        sql.append(" from ").append(table);
        List<String> lossy = new ArrayList<>();
        connection.query(sql.toString(), row -> {
            for (int i = 0; i < doubles.size(); i++) {
                if (row.getBoolean(i + 1)) {
                    lossy.add(doubles.get(i));
                }
            }
            return null;
        });
        if (!lossy.isEmpty()) {
            context.events().lossyIntegerInferenceDetected(node, node.connection(), node.entity(), lossy);
        }
    }
}
