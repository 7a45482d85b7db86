package dev.pz.engine.compile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.duckdb.DuckConnection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the {@code watermark()} comparisons in a pipeline's SQL with DuckDB's own parser
 * ({@code json_serialize_sql}) and rewrites each into {@code ((<value>) IS NULL OR <comparison>)},
 * so that on a first run, when the watermark renders as NULL, every row passes. Only one shape is
 * recognized: a bare column on one side, an ordered operator, and on the other side an expression
 * holding the watermark, no column and only CONSISTENT functions. Anything else is a violation.
 */
final class WatermarkAnalyzer {
    private static final Map<String, String> OPERATORS = Map.of(
            "COMPARE_GREATERTHAN", ">", "COMPARE_GREATERTHANOREQUALTO", ">=",
            "COMPARE_LESSTHAN", "<", "COMPARE_LESSTHANOREQUALTO", "<=");

    /** A recognized comparison. Offsets are UTF-8 byte positions in the analysed SQL. */
    record Comparison(String sentinel, String column, String qualifier, Set<String> tablesInScope, boolean inclusive,
            boolean upper, String valueSql, int start, int end) {
    }

    /** What the analysis found: comparisons, violations (human sentences) and the rewritten SQL. */
    record Analysis(List<Comparison> comparisons, List<String> violations, String rewrittenSql) {
    }

    private final DuckConnection connection;
    private final DuckSyntax syntax;

    WatermarkAnalyzer(DuckConnection connection) {
        this.connection = connection;
        this.syntax = new DuckSyntax(connection);
    }

    Analysis analyze(String sql, Set<String> sentinels) {
        byte[] bytes = sql.getBytes(StandardCharsets.UTF_8);
        JsonNode tree = syntax.serialize(sql);
        List<String> violations = new ArrayList<>();
        if (tree == null || tree.path("error").asBoolean(false)) {
            String message = tree == null ? "unreadable" : tree.path("error_message").asText("parse error");
            violations.add("DuckDB cannot parse the SQL around watermark(): " + message);
            return new Analysis(List.of(), violations, sql);
        }
        List<Comparison> comparisons = new ArrayList<>();
        walk(tree, Map.of(), bytes, sentinels, comparisons, violations);
        for (String sentinel : sentinels) {
            int written = occurrences(sql, sentinel);
            long recognized = comparisons.stream().filter(c -> c.sentinel().equals(sentinel)).count();
            if (written > recognized && violations.isEmpty()) {
                violations.add("watermark() is used outside a comparison of the form <column> > {{ watermark(...) }}");
            }
        }
        return new Analysis(comparisons, violations, rewrite(bytes, comparisons));
    }

    /** Walks the tree keeping, for each SELECT scope, the map of table aliases to table names. */
    private void walk(JsonNode node, Map<String, String> scope, byte[] sql, Set<String> sentinels,
            List<Comparison> comparisons, List<String> violations) {
        if (node.isArray()) {
            for (JsonNode child : node) {
                walk(child, scope, sql, sentinels, comparisons, violations);
            }
            return;
        }
        if (!node.isObject()) {
            return;
        }
        Map<String, String> current = scope;
        if ("SELECT_NODE".equals(node.path("type").asText())) {
            current = new HashMap<>();
            collectTables(node.path("from_table"), current);
        }
        if ("COMPARISON".equals(node.path("class").asText()) && containsSentinel(node, sentinels)) {
            comparison(node, current, sql, sentinels, comparisons, violations);
            return;
        }
        var fields = node.fields();
        while (fields.hasNext()) {
            walk(fields.next().getValue(), current, sql, sentinels, comparisons, violations);
        }
    }

    private static void collectTables(JsonNode from, Map<String, String> tables) {
        if (from == null || from.isMissingNode() || from.isNull()) {
            return;
        }
        switch (from.path("type").asText()) {
            case "BASE_TABLE" -> {
                String table = from.path("table_name").asText();
                String alias = from.path("alias").asText();
                tables.put((alias.isEmpty() ? table : alias).toLowerCase(java.util.Locale.ROOT), table);
            }
            case "JOIN" -> {
                collectTables(from.path("left"), tables);
                collectTables(from.path("right"), tables);
            }
            default -> {
                String alias = from.path("alias").asText();
                if (!alias.isEmpty()) {
                    tables.put(alias.toLowerCase(java.util.Locale.ROOT), "");
                }
            }
        }
    }

    private void comparison(JsonNode node, Map<String, String> scope, byte[] sql, Set<String> sentinels,
            List<Comparison> comparisons, List<String> violations) {
        String operator = OPERATORS.get(node.path("type").asText());
        JsonNode left = node.path("left");
        JsonNode right = node.path("right");
        boolean columnLeft = "COLUMN_REF".equals(left.path("class").asText());
        boolean columnRight = "COLUMN_REF".equals(right.path("class").asText());
        JsonNode column = columnLeft ? left : right;
        JsonNode value = columnLeft ? right : left;
        String sentinel = sentinels.stream().filter(s -> containsConstant(value, s)).findFirst().orElse(null);
        if (operator == null) {
            violations.add("watermark() must be compared with >, >=, < or <=, not " + node.path("type").asText()
                    .replace("COMPARE_", "").toLowerCase(java.util.Locale.ROOT));
            return;
        }
        if (columnLeft == columnRight || sentinel == null || containsClass(value, "COLUMN_REF")) {
            violations.add("a watermark() comparison needs a bare column on one side and an expression with "
                    + "watermark() and no column on the other");
            return;
        }
        for (String function : DuckSyntax.functionNames(value)) {
            String kind = syntax.stabilityOf(function);
            if (!"CONSISTENT".equals(kind)) {
                violations.add("function " + function + "() next to watermark() is " + (kind == null
                        ? "not a DuckDB function" : kind.toLowerCase(java.util.Locale.ROOT))
                        + "; only deterministic functions may build the bound");
                return;
            }
        }
        int start = node.path("query_location").asInt(-1);
        int length = node.path("query_location_length").asInt(0);
        int columnStart = column.path("query_location").asInt(-1);
        int columnLength = column.path("query_location_length").asInt(0);
        if (start < 0 || length <= 0 || columnStart < start || columnStart + columnLength > start + length
                || start + length > sql.length) {
            violations.add("DuckDB reported no position for a watermark() comparison");
            return;
        }
        String text = new String(sql, start, length, StandardCharsets.UTF_8);
        String valueSql = valueText(text, columnStart - start, columnLength, columnLeft, operator);
        if (valueSql == null || !valueSql.contains(sentinel)) {
            violations.add("could not isolate the bound of a watermark() comparison");
            return;
        }
        List<String> names = new ArrayList<>();
        column.path("column_names").forEach(part -> names.add(part.asText()));
        String qualifier = names.size() > 1 ? names.get(names.size() - 2).toLowerCase(java.util.Locale.ROOT) : null;
        Set<String> tables = new LinkedHashSet<>();
        if (qualifier != null) {
            tables.add(scope.getOrDefault(qualifier, "?"));
        } else {
            tables.addAll(scope.values());
        }
        boolean upper = columnLeft == operator.startsWith("<");
        comparisons.add(new Comparison(sentinel, names.get(names.size() - 1), qualifier, tables,
                operator.endsWith("="), upper, valueSql, start, start + length));
    }

    /** The comparison's text minus the column and the operator. */
    private static String valueText(String comparison, int columnOffset, int columnLength, boolean columnLeft,
            String operator) {
        byte[] bytes = comparison.getBytes(StandardCharsets.UTF_8);
        String rest = columnLeft
                ? new String(bytes, columnOffset + columnLength, bytes.length - columnOffset - columnLength,
                        StandardCharsets.UTF_8).strip()
                : new String(bytes, 0, columnOffset, StandardCharsets.UTF_8).strip();
        String mirrored = switch (operator) {
            case ">" -> "<";
            case ">=" -> "<=";
            case "<" -> ">";
            default -> ">=";
        };
        String expected = columnLeft ? operator : mirrored;
        if (columnLeft && rest.startsWith(expected)) {
            return rest.substring(expected.length()).strip();
        }
        if (!columnLeft && rest.endsWith(expected)) {
            return rest.substring(0, rest.length() - expected.length()).strip();
        }
        return null;
    }

    private static boolean containsSentinel(JsonNode node, Set<String> sentinels) {
        return sentinels.stream().anyMatch(sentinel -> containsConstant(node, sentinel));
    }

    private static boolean containsConstant(JsonNode node, String sentinel) {
        if (node.isObject() && "CONSTANT".equals(node.path("class").asText())
                && sentinel.equals(node.path("literal").path("text").asText())) {
            return true;
        }
        for (JsonNode child : node) {
            if (containsConstant(child, sentinel)) {
                return true;
            }
        }
        return false;
    }

    private static boolean containsClass(JsonNode node, String nodeClass) {
        if (node.isObject() && nodeClass.equals(node.path("class").asText())) {
            return true;
        }
        for (JsonNode child : node) {
            if (containsClass(child, nodeClass)) {
                return true;
            }
        }
        return false;
    }

    private static int occurrences(String sql, String sentinel) {
        int count = 0;
        for (int at = sql.indexOf(sentinel); at >= 0; at = sql.indexOf(sentinel, at + 1)) {
            count++;
        }
        return count;
    }

    private static String rewrite(byte[] sql, List<Comparison> comparisons) {
        List<Comparison> ordered = new ArrayList<>(comparisons);
        ordered.sort((a, b) -> Integer.compare(b.start(), a.start()));
        byte[] current = sql;
        for (Comparison comparison : ordered) {
            String original = new String(current, comparison.start(), comparison.end() - comparison.start(),
                    StandardCharsets.UTF_8);
            String guarded = "((" + comparison.valueSql() + ") IS NULL OR " + original + ")";
            byte[] replacement = guarded.getBytes(StandardCharsets.UTF_8);
            byte[] next = new byte[current.length - (comparison.end() - comparison.start()) + replacement.length];
            System.arraycopy(current, 0, next, 0, comparison.start());
            System.arraycopy(replacement, 0, next, comparison.start(), replacement.length);
            System.arraycopy(current, comparison.end(), next, comparison.start() + replacement.length,
                    current.length - comparison.end());
            current = next;
        }
        return new String(current, StandardCharsets.UTF_8);
    }
}
