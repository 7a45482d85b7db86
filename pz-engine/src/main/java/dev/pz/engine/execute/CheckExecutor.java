package dev.pz.engine.execute;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.CheckNode;
import dev.pz.engine.load.Durations;
import dev.pz.engine.model.CheckDef;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one check against its pipeline's relation. Rows = violations; a check with violations
 * fails with PZ0510 and, unless sampling is off, up to five offending rows or values.
 */
final class CheckExecutor {
    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    NodeOutcome execute(CheckNode node, RunContext context, DuckConnection connection) {
        CheckDef check = node.check();
        String relation = CheckQueries.relation(node);
        return switch (check.type()) {
            case "not_null" -> rowsCheck(node, connection,
                    CheckQueries.notNullViolations(relation, check.columns()),
                    CheckQueries.notNullSample(relation, check.columns()));
            case "unique" -> rowsCheck(node, connection,
                    CheckQueries.uniqueViolations(relation, check.columns()),
                    CheckQueries.uniqueSample(relation, check.columns()));
            case "accepted_values" -> acceptedValues(node, connection, relation);
            case "row_count" -> rowCount(node, connection, relation);
            case "freshness" -> freshness(node, context, connection, relation);
            case "custom_sql" -> {
                String sql = CheckQueries.customSql(check);
                yield rowsCheck(node, connection, "select count(*) from (" + sql + "\n) q",
                        "select * from (" + sql + "\n) q limit " + CheckQueries.SAMPLE_ROWS);
            }
            default -> new NodeOutcome(0, PzError.of(PzCode.CHECK_FAILED, "unknown check type '" + check.type() + "'"));
        };
    }

    private NodeOutcome rowsCheck(CheckNode node, DuckConnection connection, String violationsSql, String sampleSql) {
        long violations = count(connection, violationsSql);
        if (violations == 0) {
            return NodeOutcome.rows(0);
        }
        String sample = node.sampleValues() ? sampleRows(connection, sampleSql) : null;
        return failure(node, violations, sample);
    }

    private NodeOutcome acceptedValues(CheckNode node, DuckConnection connection, String relation) {
        CheckDef check = node.check();
        String column = check.columns().get(0);
        List<?> values = (List<?>) CheckQueries.option(check, "values");
        String predicate = CheckQueries.acceptedPredicate(column, values);
        long violations = count(connection, "select count(*) from " + relation + " where " + predicate);
        if (violations == 0) {
            return NodeOutcome.rows(0);
        }
        String sample = null;
        if (node.sampleValues()) {
            List<String> bad = connection.query("select distinct " + SqlLiterals.identifier(column) + " from " + relation
                    + " where " + predicate + " limit " + CheckQueries.SAMPLE_ROWS, rs -> ValueText.of(rs.getObject(1)));
            sample = String.join(", ", bad);
        }
        return failure(node, violations, sample);
    }

    private NodeOutcome rowCount(CheckNode node, DuckConnection connection, String relation) {
        long rows = count(connection, "select count(*) from " + relation);
        Object min = CheckQueries.option(node.check(), "min");
        Object max = CheckQueries.option(node.check(), "max");
        boolean outside = (min != null && rows < ((Number) min).longValue())
                || (max != null && rows > ((Number) max).longValue());
        return outside ? failure(node, 1, node.sampleValues() ? "row_count=" + rows : null) : NodeOutcome.rows(0);
    }

    private NodeOutcome freshness(CheckNode node, RunContext context, DuckConnection connection, String relation) {
        String column = node.check().columns().get(0);
        String rawAge = String.valueOf(CheckQueries.option(node.check(), "max_age"));
        Duration maxAge = Durations.parse(rawAge).orElseThrow();
        String quoted = SqlLiterals.identifier(column);
        List<Object> latest = connection.query("select max(" + quoted + ") from " + relation, rs -> rs.getObject(1));
        Object value = latest.isEmpty() ? null : latest.get(0);
        String label = "max(" + column + ")=";
        if (value == null) {
            return failure(node, 1, node.sampleValues()
                    ? label + "null (no rows or all-null column), max_age=" + rawAge : null);
        }
        String threshold = LITERAL.format(LocalDateTime.ofInstant(context.clock().instant(), ZoneOffset.UTC).minus(maxAge));
        long stale = count(connection, "select count(*) from (select max(" + quoted + ") as m from " + relation
                + ") q where cast(m as timestamp) < timestamp '" + threshold + "'");
        return stale == 0 ? NodeOutcome.rows(0)
                : failure(node, 1, node.sampleValues() ? label + ValueText.of(value) + ", max_age=" + rawAge : null);
    }

    private static NodeOutcome failure(CheckNode node, long violations, String sample) {
        String message = "check " + node.check().type() + " failed on staging." + node.pipeline() + ": " + violations
                + " violation(s)" + (sample == null ? " (samples disabled)" : "; sample: " + sample);
        return new NodeOutcome(violations, PzError.of(PzCode.CHECK_FAILED, message));
    }

    private static long count(DuckConnection connection, String sql) {
        return ((Number) connection.queryScalar(sql).orElse(0L)).longValue();
    }

    private static String sampleRows(DuckConnection connection, String sql) {
        List<String> rows = connection.query(sql, CheckExecutor::row);
        return String.join("; ", rows);
    }

    private static String row(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        List<String> cells = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            cells.add(meta.getColumnName(i) + "=" + ValueText.of(rs.getObject(i)));
        }
        return "{" + String.join(", ", cells) + "}";
    }
}
