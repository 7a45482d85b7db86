package dev.pz.engine.execute;

import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.CheckNode;
import dev.pz.engine.model.CheckDef;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The SQL of each check type: a query counting violations and, where the type samples rows, a
 * query returning up to five of them. Column names are quoted; values are SQL literals.
 */
final class CheckQueries {
    static final int SAMPLE_ROWS = 5;

    private CheckQueries() {
    }

    static String notNullPredicate(List<String> columns) {
        return columns.stream().map(column -> SqlLiterals.identifier(column) + " is null")
                .collect(Collectors.joining(" or "));
    }

    static String notNullViolations(String relation, List<String> columns) {
        return "select count(*) from " + relation + " where " + notNullPredicate(columns);
    }

    static String notNullSample(String relation, List<String> columns) {
        return "select * from " + relation + " where " + notNullPredicate(columns) + " limit " + SAMPLE_ROWS;
    }

    private static String duplicateGroups(String relation, List<String> columns) {
        String list = columns.stream().map(SqlLiterals::identifier).collect(Collectors.joining(", "));
        return "select " + list + " from " + relation + " group by " + list + " having count(*) > 1";
    }

    static String uniqueViolations(String relation, List<String> columns) {
        return "select count(*) from (" + duplicateGroups(relation, columns) + ") q";
    }

    static String uniqueSample(String relation, List<String> columns) {
        return duplicateGroups(relation, columns) + " limit " + SAMPLE_ROWS;
    }

    static String acceptedPredicate(String column, List<?> values) {
        String literals = values.stream().map(CheckQueries::literal).collect(Collectors.joining(", "));
        String quoted = SqlLiterals.identifier(column);
        return quoted + " is not null and " + quoted + " not in (" + literals + ")";
    }

    static String customSql(CheckDef check) {
        String sql = String.valueOf(check.options().get("sql")).strip();
        while (sql.endsWith(";")) {
            sql = sql.substring(0, sql.length() - 1).strip();
        }
        return sql;
    }

    static String literal(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String text) {
            return SqlLiterals.string(text);
        }
        if (value instanceof Boolean || value instanceof Long || value instanceof Integer) {
            return String.valueOf(value);
        }
        if (value instanceof Double number) {
            return ValueText.format(number);
        }
        return SqlLiterals.string(String.valueOf(value));
    }

    static String relation(CheckNode node) {
        return Relations.staging(node.pipeline());
    }

    static Object option(CheckDef check, String key) {
        Map<String, Object> options = check.options();
        return options.get(key);
    }
}
