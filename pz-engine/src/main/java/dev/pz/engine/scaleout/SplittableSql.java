package dev.pz.engine.scaleout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a pipeline's SQL gives the same rows when it runs on each shard of its source and the
 * results are concatenated as when it runs once on the whole: true for row-by-row SQL (projections,
 * filters, scalar functions, UNION ALL). DuckDB parses the SQL ({@code json_serialize_sql}); its
 * tree is searched for what looks at more than one row at a time: aggregates, GROUP BY, HAVING,
 * window functions, QUALIFY, DISTINCT, LIMIT, set operations other than UNION ALL, joins and
 * subqueries (which would pair a shard's rows only with that shard's rows), recursive CTEs.
 */
final class SplittableSql {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final DuckConnection connection;
    private Set<String> aggregates;

    SplittableSql(DuckConnection connection) {
        this.connection = connection;
    }

    /** What makes {@code sql} unsplittable, e.g. {@code the aggregate sum()}; empty when it splits. */
    Optional<String> obstacle(String sql) {
        String serialized = connection.queryScalar("select json_serialize_sql(" + SqlLiterals.string(sql) + ")")
                .map(Object::toString).orElse("{}");
        JsonNode root;
        try {
            root = JSON.readTree(serialized);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("DuckDB's json_serialize_sql returned unreadable JSON", e);
        }
        if (root.path("error").asBoolean(false)) {
            // SQL DuckDB cannot parse is the dry compile's to report (PZ0401).
            return Optional.empty();
        }
        return find(root);
    }

    private Optional<String> find(JsonNode node) {
        if (node.isArray()) {
            for (JsonNode child : node) {
                Optional<String> found = find(child);
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }
        if (!node.isObject()) {
            return Optional.empty();
        }
        Optional<String> here = obstacleOf(node);
        if (here.isPresent()) {
            return here;
        }
        for (JsonNode child : (Iterable<JsonNode>) node::elements) {
            Optional<String> found = find(child);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private Optional<String> obstacleOf(JsonNode node) {
        String type = node.path("type").asText("");
        String kind = node.path("class").asText("");
        if (kind.equals("WINDOW")) {
            return Optional.of("a window function");
        }
        if (kind.equals("FUNCTION") && aggregates().contains(node.path("function_name").asText("")
                .toLowerCase(Locale.ROOT))) {
            return Optional.of("the aggregate " + node.path("function_name").asText() + "()");
        }
        if (kind.equals("SUBQUERY")) {
            return Optional.of("a subquery");
        }
        return Optional.ofNullable(switch (type) {
            case "DISTINCT_MODIFIER" -> "DISTINCT";
            case "LIMIT_MODIFIER", "LIMIT_PERCENT_MODIFIER" -> "LIMIT";
            case "JOIN" -> "a join";
            case "RECURSIVE_CTE_NODE" -> "a recursive CTE";
            case "SET_OPERATION_NODE" -> node.path("setop_type").asText("").equals("UNION")
                    && node.path("setop_all").asBoolean(false) ? null
                    : node.path("setop_type").asText("a set operation") + " without ALL";
            case "SELECT_NODE" -> selectObstacle(node);
            default -> null;
        });
    }

    private static String selectObstacle(JsonNode select) {
        if (select.path("group_expressions").size() > 0 || select.path("group_sets").size() > 0
                || select.path("aggregate_handling").asText("").equals("FORCE_AGGREGATES")) {
            return "GROUP BY";
        }
        if (!select.path("having").isMissingNode() && !select.path("having").isNull()) {
            return "HAVING";
        }
        if (!select.path("qualify").isMissingNode() && !select.path("qualify").isNull()) {
            return "QUALIFY";
        }
        return null;
    }

    private Set<String> aggregates() {
        if (aggregates == null) {
            List<String> names = connection.query("select distinct function_name from duckdb_functions() where"
                    + " function_type = 'aggregate'", rs -> rs.getString(1).toLowerCase(Locale.ROOT));
            aggregates = new HashSet<>(names);
        }
        return aggregates;
    }
}
