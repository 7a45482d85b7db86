package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSqlException;
import dev.pz.engine.compile.SourceLoadNode;
import java.util.List;

/**
 * After a native csv read whose schema DuckDB inferred: when the sniffer chose a year-last date or
 * timestamp format ({@code %d/%m/%Y}, {@code %m/%d/%Y}, …) and every value of a column of that type
 * has a day of at most 12, the values fit day-first and month-first alike, so the chosen order is a
 * guess. The run warns once per format family (dates, timestamps); the load goes on.
 */
final class AmbiguousDateLint {

    private AmbiguousDateLint() {
    }

    /** {@code sniffFragment} is the connector's {@code sniff_csv(…)} over the file just landed. */
    static void check(SourceLoadNode node, RunContext context, DuckConnection connection, String table,
            String sniffFragment) {
        List<List<String>> formats;
        try {
            formats = connection.query("select DateFormat, TimestampFormat from " + sniffFragment,
                    row -> java.util.Arrays.asList(row.getString(1), row.getString(2)));
        } catch (DuckSqlException e) {
            if (e.interrupted()) {
                throw e;
            }
            // The probe only decides whether to warn: a file DuckDB has just loaded but cannot sniff
            // again must not fail the load.
            return;
        }
        if (formats.isEmpty()) {
            return;
        }
        report(node, context, connection, table, "DATE", formats.get(0).get(0));
        report(node, context, connection, table, "TIMESTAMP", formats.get(0).get(1));
    }

    private static void report(SourceLoadNode node, RunContext context, DuckConnection connection, String table,
            String type, String format) {
        if (format == null || !(format.startsWith("%d") || format.startsWith("%m"))) {
            return;
        }
        List<String> ambiguous = ColumnVerdicts.holding(connection, table, ColumnVerdicts.ofType(connection, table,
                type), column -> "count(" + column + ") > 0 and max(day(" + column + ")) <= 12");
        if (!ambiguous.isEmpty()) {
            context.events().ambiguousDateInferenceDetected(node, node.connection(), node.entity(), ambiguous, format);
        }
    }
}
