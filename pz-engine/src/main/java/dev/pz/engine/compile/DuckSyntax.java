package dev.pz.engine.compile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What pz asks DuckDB's own parser about SQL it must understand: the statement tree
 * ({@code json_serialize_sql}) and whether a function is deterministic ({@code duckdb_functions()}),
 * cached per function. SQL is never parsed by hand.
 */
final class DuckSyntax {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final DuckConnection connection;
    private final Map<String, String> stability = new HashMap<>();

    DuckSyntax(DuckConnection connection) {
        this.connection = connection;
    }

    DuckConnection connection() {
        return connection;
    }

    /** The statement tree, or null when DuckDB returned nothing readable. */
    JsonNode serialize(String sql) {
        Object json = connection.queryScalar("select json_serialize_sql(" + SqlLiterals.string(sql) + ")").orElse(null);
        try {
            return json == null ? null : JSON.readTree(json.toString());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return null;
        }
    }

    /** {@code CONSISTENT}, {@code VOLATILE}, … or null when DuckDB knows no such function. */
    String stabilityOf(String function) {
        return stability.computeIfAbsent(function, name -> connection.query(
                "select stability from duckdb_functions() where function_name = " + SqlLiterals.string(name)
                        + " order by stability = 'CONSISTENT' limit 1", rs -> rs.getString(1))
                .stream().findFirst().orElse(null));
    }

    /** The names of every function called anywhere in the tree, in order of first appearance. */
    static Set<String> functionNames(JsonNode node) {
        Set<String> names = new LinkedHashSet<>();
        collectFunctions(node, names);
        return names;
    }

    private static void collectFunctions(JsonNode node, Set<String> names) {
        if (node.isObject() && "FUNCTION".equals(node.path("class").asText())) {
            names.add(node.path("function_name").asText());
        }
        node.forEach(child -> collectFunctions(child, names));
    }
}
