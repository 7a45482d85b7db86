package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.SinkWriteNode;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Before a merge write: key groups that occur more than once in the staged rows. A merge keeps one
 * row per key, and which one the destination keeps is its own choice (not the cursor order), so
 * the run reports the collapse rather than letting rows vanish silently. The write goes on. A key
 * the staged rows lack is left to the destination, which refuses it in its own words.
 */
final class MergeKeyDuplicates {

    private MergeKeyDuplicates() {
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
