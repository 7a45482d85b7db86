package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.SourceLoadNode;
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
        List<String> lossy = ColumnVerdicts.holding(connection, table, ColumnVerdicts.ofType(connection, table,
                "DOUBLE"), column -> "count(*) filter (where " + column + " is not null and (not isfinite(" + column
                        + ") or " + column + " != trunc(" + column + "))) = 0 and max(abs(" + column + ")) > "
                        + EXACT_DOUBLE_LIMIT + " and max(abs(" + column + ")) < " + HUGEINT_LIMIT);
        if (!lossy.isEmpty()) {
            context.events().lossyIntegerInferenceDetected(node, node.connection(), node.entity(), lossy);
        }
    }
}
