package dev.pz.engine.execute;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.duckdb.DuckConnection;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Whether a relation yields exactly one row per row of the one source it reads, decided from
 * DuckDB's physical plan without running it: the plan must be a single chain of projections and
 * sorts over one scan, that scan must be the source's own (same function and estimated size) and
 * nothing may be filtered inside it. Anything else (a filter, a limit, a join, a grouping, an
 * unnest, a sample, a pushed-down predicate) does not count as row-preserving. Whether it reads
 * every column of the source is a separate question ({@link #readsEveryColumn}).
 */
final class RowPreservingPlan {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> ONE_ROW_PER_ROW = Set.of("PROJECTION", "ORDER_BY");

    private RowPreservingPlan() {
    }

    /** True when every row of {@code relation} comes from one row of {@code source} and every row of it is kept. */
    static boolean holds(DuckConnection connection, String relation, String source) {
        JsonNode relationScan = onlyScan(plan(connection, relation), true);
        JsonNode sourceScan = onlyScan(plan(connection, source), false);
        return relationScan != null && sourceScan != null && unfiltered(relationScan) && unfiltered(sourceScan)
                && relationScan.path("name").equals(sourceScan.path("name"))
                && sameInfo(relationScan, sourceScan, "Function") && sameInfo(relationScan, sourceScan, "Estimated Cardinality");
    }

    /**
     * True when {@code relation}'s plan is one chain over a scan that reads every column the scan of
     * {@code source} reads, so running it converts every value of the source as loading it would.
     */
    static boolean readsEveryColumn(DuckConnection connection, String relation, String source) {
        JsonNode relationScan = onlyScan(plan(connection, relation), false);
        JsonNode sourceScan = onlyScan(plan(connection, source), false);
        return relationScan != null && sourceScan != null && sameInfo(relationScan, sourceScan, "Function")
                && new HashSet<>(values(relationScan, "Projections")).containsAll(values(sourceScan, "Projections"));
    }

    private static List<String> values(JsonNode scan, String key) {
        List<String> values = new ArrayList<>();
        scan.path("extra_info").path(key).forEach(value -> values.add(value.asText()));
        return values;
    }

    private static JsonNode plan(DuckConnection connection, String relation) {
        String text = connection.query("explain (format json) select * from " + relation, row -> row.getString(2))
                .stream().findFirst().orElse("[]");
        try {
            JsonNode roots = JSON.readTree(text);
            return roots.isArray() && roots.size() == 1 ? roots.get(0) : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /** The leaf of a plan that is one chain; above the leaf only row-preserving operators when {@code strict}. */
    private static JsonNode onlyScan(JsonNode node, boolean strict) {
        while (node != null) {
            JsonNode children = node.path("children");
            if (children.isEmpty()) {
                return node.has("extra_info") && node.path("extra_info").has("Function") ? node : null;
            }
            if (children.size() != 1 || strict && !ONE_ROW_PER_ROW.contains(node.path("name").asText())) {
                return null;
            }
            node = children.get(0);
        }
        return null;
    }

    private static boolean unfiltered(JsonNode scan) {
        for (Iterator<String> keys = scan.path("extra_info").fieldNames(); keys.hasNext();) {
            if (keys.next().toLowerCase(java.util.Locale.ROOT).contains("filter")) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameInfo(JsonNode a, JsonNode b, String key) {
        return a.path("extra_info").path(key).equals(b.path("extra_info").path(key));
    }
}
