package dev.pz.connectors.postgres;

import dev.pz.connectors.api.DatasetSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The base select of one read. Table mode pushes the projection, the filter terms the engine's
 * predicates rendered to (see {@link PostgresPredicates}) and the incremental bounds down; query
 * mode sends the user's SQL verbatim with no pushdown.
 */
final class PostgresReadQuery {

    private PostgresReadQuery() {
    }

    /** Whether the dataset is read through a {@code query:} (sent verbatim, nothing pushed). */
    static boolean isQuery(DatasetSpec spec) {
        String query = spec.get(PostgresOptions.QUERY);
        return query != null && !query.isBlank();
    }

    /**
     * @param columns the hinted columns, or null for the contract's (else every) column
     * @param filters PostgreSQL conditions the rows must all meet
     */
    static String select(DatasetSpec spec, List<String> columns, List<String> filters) {
        if (isQuery(spec)) {
            return PostgresSql.wrappable(spec.get(PostgresOptions.QUERY));
        }
        PostgresTableName table = PostgresTableName.parse(spec.entity());
        StringBuilder sql = new StringBuilder("select ").append(projection(spec, columns)).append(" from ")
                .append(table.qualified());
        List<String> terms = new ArrayList<>();
        filters.forEach(filter -> terms.add("(" + filter + ")"));
        DatasetSpec.Watermark watermark = spec.watermark();
        if (watermark != null && watermark.cursor() != null) {
            String cursor = PostgresSql.quote(watermark.cursor());
            if (watermark.lowerValue() != null) {
                terms.add("(" + cursor + (watermark.lowerInclusive() ? " >= " : " > ")
                        + PostgresSql.literal(watermark.lowerValue()) + ")");
            }
            if (watermark.upperBound() != null) {
                terms.add("(" + cursor + " <= " + PostgresSql.literal(watermark.upperBound()) + ")");
            }
        }
        if (!terms.isEmpty()) {
            sql.append(" where ").append(String.join(" and ", terms));
        }
        return sql.toString();
    }

    /** The hinted columns, else the {@code columns:} contract's, else every column. */
    private static String projection(DatasetSpec spec, List<String> columns) {
        if (columns != null && !columns.isEmpty()) {
            return PostgresSql.quoteAll(columns);
        }
        if (spec.columns() != null && !spec.columns().isEmpty()) {
            return PostgresSql.quoteAll(spec.columns().keySet());
        }
        return "*";
    }
}
