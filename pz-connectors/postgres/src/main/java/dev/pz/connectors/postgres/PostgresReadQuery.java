package dev.pz.connectors.postgres;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.ReadHints;
import java.util.ArrayList;
import java.util.List;

/**
 * The base select of one read (the {@code query} option or the entity's table). Table mode pushes the
 * projection, the engine's predicate and the incremental bounds down; query mode sends the user's
 * SQL verbatim with no pushdown.
 */
final class PostgresReadQuery {

    private PostgresReadQuery() {
    }

    static String select(DatasetSpec spec, ReadHints hints) {
        String query = spec.get(PostgresOptions.QUERY);
        if (query != null && !query.isBlank()) {
            return PostgresSql.wrappable(query);
        }
        PostgresTableName table = PostgresTableName.parse(spec.entity());
        StringBuilder sql = new StringBuilder("select ").append(projection(spec, hints)).append(" from ")
                .append(table.qualified());
        List<String> terms = new ArrayList<>();
        if (hints.predicateSql() != null && !hints.predicateSql().isBlank()) {
            terms.add("(" + hints.predicateSql() + ")");
        }
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
    private static String projection(DatasetSpec spec, ReadHints hints) {
        if (hints.columns() != null && !hints.columns().isEmpty()) {
            return PostgresSql.quoteAll(hints.columns());
        }
        if (spec.columns() != null && !spec.columns().isEmpty()) {
            return PostgresSql.quoteAll(spec.columns().keySet());
        }
        return "*";
    }
}
