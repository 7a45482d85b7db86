package dev.pz.engine.compile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPredicate;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Read hints: which columns of a dataset its single reader uses and which of the reader's WHERE
 * conjuncts the source could apply itself, found with DuckDB's own parser
 * ({@code json_serialize_sql}) in the reader's executed SQL.
 *
 * <p>Only the outer SELECT's FROM is consulted. Columns are null (every column) when the outer
 * query has a subquery, a star over the dataset, a USING/NATURAL join, or a column reference that
 * cannot be attributed. A conjunct is offered to the source when it holds no watermark sentinel,
 * no subquery or star, only references to the dataset's columns other than the cursor, and only
 * CONSISTENT functions, and when it has one of the shapes of {@link ReadPredicate} (see
 * {@link PushablePredicates}); and only when the dataset is not on the null-supplying side of an
 * outer join (pushing {@code c.x is null} below a left join would change the result).
 */
final class ReadHintsAnalyzer {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String WATERMARK_TEXT = "__pz_watermark__";

    private final DuckConnection connection;
    private final DuckSyntax syntax;
    private JsonNode template;

    ReadHintsAnalyzer(DuckConnection connection) {
        this.connection = connection;
        this.syntax = new DuckSyntax(connection);
    }

    /**
     * The hints of {@code staging.<table>} in {@code sql}, or null when nothing can be pushed.
     * {@code cursor} (nullable) is never filtered on and always kept in the column list.
     */
    ReadHints analyze(String sql, String table, String cursor, boolean wantColumns, boolean wantPredicate) {
        JsonNode tree = syntax.serialize(sql);
        if (tree == null || tree.path("error").asBoolean(false) || tree.path("statements").size() != 1) {
            return null;
        }
        JsonNode select = tree.path("statements").get(0).path("node");
        if (!"SELECT_NODE".equals(select.path("type").asText())) {
            return null;
        }
        Scope scope = new Scope();
        collect(select.path("from_table"), table, scope, false);
        if (scope.targets.isEmpty()) {
            return null;
        }
        List<String> columns = wantColumns ? columns(select, scope, cursor) : null;
        List<ReadPredicate> predicates = wantPredicate && !scope.targetNullable
                ? predicates(select.path("where_clause"), scope, cursor) : List.of();
        if ((columns == null || columns.isEmpty()) && predicates.isEmpty()) {
            return null;
        }
        return new ReadHints(columns == null || columns.isEmpty() ? null : columns, predicates);
    }

    /** The aliases of the target, every other alias, and what makes column attribution impossible. */
    private static final class Scope {
        final List<String> targets = new ArrayList<>();
        final List<String> others = new ArrayList<>();
        boolean implicitColumns;
        boolean targetNullable;
    }

    private static void collect(JsonNode from, String table, Scope scope, boolean nullable) {
        if (from == null || from.isMissingNode() || from.isNull()) {
            return;
        }
        switch (from.path("type").asText()) {
            case "BASE_TABLE" -> {
                String name = from.path("table_name").asText();
                String schema = from.path("schema_name").asText();
                String alias = from.path("alias").asText();
                String key = (alias.isEmpty() ? name : alias).toLowerCase(Locale.ROOT);
                if (name.equalsIgnoreCase(table) && (schema.isEmpty() || schema.equalsIgnoreCase("staging"))) {
                    scope.targets.add(key);
                    scope.targetNullable |= nullable;
                    if (from.path("column_name_alias").size() > 0) {
                        scope.implicitColumns = true;
                    }
                } else {
                    scope.others.add(key);
                }
            }
            case "JOIN" -> {
                String type = from.path("join_type").asText();
                if (from.path("using_columns").size() > 0 || "NATURAL".equals(from.path("ref_type").asText())) {
                    scope.implicitColumns = true;
                }
                boolean leftNullable = nullable || "RIGHT".equals(type) || "OUTER".equals(type);
                boolean rightNullable = nullable || "LEFT".equals(type) || "OUTER".equals(type);
                if (!"INNER".equals(type) && !"LEFT".equals(type) && !"RIGHT".equals(type) && !"OUTER".equals(type)) {
                    leftNullable = true;
                    rightNullable = true;
                }
                collect(from.path("left"), table, scope, leftNullable);
                collect(from.path("right"), table, scope, rightNullable);
            }
            default -> {
                String alias = from.path("alias").asText();
                scope.others.add(alias.toLowerCase(Locale.ROOT));
            }
        }
    }

    /** The target columns the outer query references, ordinal-sorted, or null for "all". */
    private static List<String> columns(JsonNode select, Scope scope, String cursor) {
        if (scope.implicitColumns || scope.targets.size() != 1 || contains(select, "SUBQUERY")
                || contains(select, "STAR")) {
            return null;
        }
        TreeSet<String> columns = new TreeSet<>();
        boolean[] unattributable = {false};
        forEachColumn(select, ref -> {
            String column = targetColumn(ref, scope);
            if (column == null) {
                if (!belongsToOther(ref, scope)) {
                    unattributable[0] = true;
                }
            } else {
                columns.add(column);
            }
        });
        if (unattributable[0]) {
            return null;
        }
        if (cursor != null) {
            columns.add(cursor);
        }
        return List.copyOf(columns);
    }

    /** The target column a reference names, or null when it names another relation's column. */
    private static String targetColumn(JsonNode ref, Scope scope) {
        List<String> names = new ArrayList<>();
        ref.path("column_names").forEach(name -> names.add(name.asText()));
        if (names.isEmpty()) {
            return null;
        }
        boolean sole = scope.others.isEmpty();
        if (names.size() == 1) {
            return sole ? names.get(0) : null;
        }
        String qualifier = names.get(names.size() - 2).toLowerCase(Locale.ROOT);
        if (names.size() == 2 && scope.targets.contains(qualifier)) {
            return names.get(1);
        }
        return null;
    }

    private static boolean belongsToOther(JsonNode ref, Scope scope) {
        List<String> names = new ArrayList<>();
        ref.path("column_names").forEach(name -> names.add(name.asText()));
        return names.size() == 2 && scope.others.contains(names.get(0).toLowerCase(Locale.ROOT));
    }

    private List<ReadPredicate> predicates(JsonNode where, Scope scope, String cursor) {
        if (where == null || where.isMissingNode() || where.isNull() || scope.implicitColumns) {
            return List.of();
        }
        List<JsonNode> conjuncts = new ArrayList<>();
        split(where, conjuncts);
        PushablePredicates shapes = new PushablePredicates(connection, this::render, ref -> targetColumn(ref, scope));
        List<ReadPredicate> pushed = new ArrayList<>();
        for (JsonNode conjunct : conjuncts) {
            if (pushable(conjunct, scope, cursor)) {
                shapes.of(conjunct).ifPresent(pushed::add);
            }
        }
        return pushed;
    }

    private static void split(JsonNode node, List<JsonNode> conjuncts) {
        if ("CONJUNCTION_AND".equals(node.path("type").asText())) {
            node.path("children").forEach(child -> split(child, conjuncts));
        } else {
            conjuncts.add(node);
        }
    }

    private boolean pushable(JsonNode conjunct, Scope scope, String cursor) {
        if (conjunct.toString().contains(WATERMARK_TEXT) || contains(conjunct, "SUBQUERY") || contains(conjunct, "STAR")
                || contains(conjunct, "WINDOW") || contains(conjunct, "PARAMETER")) {
            return false;
        }
        boolean[] ok = {true};
        int[] refs = {0};
        forEachColumn(conjunct, ref -> {
            refs[0]++;
            String column = targetColumn(ref, scope);
            if (column == null || (cursor != null && column.equalsIgnoreCase(cursor))) {
                ok[0] = false;
            }
        });
        if (!ok[0] || refs[0] == 0) {
            return false;
        }
        for (String function : DuckSyntax.functionNames(conjunct)) {
            if (!"CONSISTENT".equals(syntax.stabilityOf(function))) {
                return false;
            }
        }
        return !contains(conjunct, "AGGREGATE");
    }

    /** DuckDB's own rendering of one expression: the WHERE of {@code select * from t where <e>}. */
    private String render(JsonNode expression) {
        try {
            if (template == null) {
                template = syntax.serialize("select * from t where true");
            }
            ObjectNode statement = (ObjectNode) template.deepCopy();
            ((ObjectNode) statement.path("statements").get(0).path("node")).set("where_clause", expression);
            Object text = connection.queryScalar("select json_deserialize_sql(" + SqlLiterals.string(JSON
                    .writeValueAsString(statement)) + "::json)").orElse(null);
            if (text == null) {
                return null;
            }
            String sql = text.toString();
            int at = sql.indexOf(" WHERE ");
            return at < 0 ? null : sql.substring(at + " WHERE ".length()).strip();
        } catch (RuntimeException | com.fasterxml.jackson.core.JsonProcessingException e) {
            return null;
        }
    }

    private static void forEachColumn(JsonNode node, java.util.function.Consumer<JsonNode> action) {
        if (node.isObject() && "COLUMN_REF".equals(node.path("class").asText())) {
            action.accept(node);
            return;
        }
        node.forEach(child -> forEachColumn(child, action));
    }

    /** Whether any expression or table ref in the tree has the class (or table-ref type) named. */
    static boolean contains(JsonNode node, String kind) {
        if (node.isObject() && (kind.equals(node.path("class").asText()) || kind.equals(node.path("type").asText())
                && !node.has("class") && !"STAR".equals(kind))) {
            return true;
        }
        for (JsonNode child : node) {
            if (contains(child, kind)) {
                return true;
            }
        }
        return false;
    }
}
