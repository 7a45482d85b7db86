package dev.pz.engine.execute;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.WriteResult;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.SinkWriteNode;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Key groups that occur more than once among a merge's rows. A merge keeps one row per key, and
 * which one the destination keeps is its own choice (not the cursor order), so the run reports the
 * collapse rather than letting rows vanish silently. The write goes on. A universal write into a
 * connector that {@link Connector#countsMergeKeyDuplicates() counts them} reports the counts its
 * commit returns (and may stream); otherwise they are counted over the staged rows before the write.
 * A key the staged rows lack is left to the destination, which refuses it in its own words.
 */
final class MergeKeyDuplicates {

    private MergeKeyDuplicates() {
    }

    /** Whether the sink's connector counts a universal merge's repeated keys itself. */
    static boolean countedBySink(SinkWriteNode node, RunContext context) {
        return Optional.ofNullable(context.project().connections().get(node.connection()))
                .flatMap(def -> context.connectors().find(def.connector()))
                .map(Connector::countsMergeKeyDuplicates).orElse(false);
    }

    /** Reports the repeated keys a committed merge counted; the connector must count when it says it does. */
    static void reportCounted(SinkWriteNode node, RunContext context, WriteResult result) {
        if (node.write().strategy() != WriteStrategy.MERGE || !countedBySink(node, context)) {
            return;
        }
        dev.pz.connectors.api.MergeKeyDuplicates counted = result.mergeKeyDuplicates().orElseThrow(
                () -> new IllegalStateException("sink '" + node.connection() + "' output '" + node.entity()
                        + "': the connector counts merge key duplicates but its merge returned no count"));
        if (counted.groups() > 0) {
            context.events().mergeKeyDuplicatesDetected(node, node.entity(), node.write().keys(), counted.groups(),
                    counted.extraRows());
        }
    }

    static void report(SinkWriteNode node, RunContext context, DuckConnection connection, String relation) {
        List<String> keys = node.write().keys();
        Set<String> columns = connection.query("select column_name from (describe " + relation + ")",
                row -> row.getString(1).toLowerCase(Locale.ROOT)).stream().collect(Collectors.toSet());
        if (!keys.stream().allMatch(key -> columns.contains(key.toLowerCase(Locale.ROOT)))) {
            // A key the rows lack is the destination's refusal to make, in its own words.
            return;
        }
        String keyList = keys.stream().map(SqlLiterals::identifier).collect(Collectors.joining(", "));
        List<long[]> counts = connection.query("select count(*), coalesce(sum(n - 1), 0)::bigint from (select count(*)"
                + " as n from " + relation + " group by " + keyList + " having count(*) > 1)",
                row -> new long[] {row.getLong(1), row.getLong(2)});
        long groups = counts.get(0)[0];
        if (groups > 0) {
            context.events().mergeKeyDuplicatesDetected(node, node.entity(), keys, groups, counts.get(0)[1]);
        }
    }
}
