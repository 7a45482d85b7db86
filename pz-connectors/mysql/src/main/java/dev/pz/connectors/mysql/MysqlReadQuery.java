package dev.pz.connectors.mysql;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.sql.SqlDialect;
import dev.pz.connectors.sql.WatermarkLiterals;
import java.util.ArrayList;
import java.util.List;

/**
 * The select of one read: {@code SELECT <columns | *> FROM `<table>` | (<query>) pzq WHERE <terms>}.
 * Terms are the watermark bounds and, for a partition, its range; the projection is the columns the
 * reader needs. Everything pushed down is rendered here, in MySQL's dialect.
 */
final class MysqlReadQuery {

    static final SqlDialect SQL = SqlDialect.BACKTICKS;

    private MysqlReadQuery() {
    }

    /** The base relation: the entity's table, or the user's query as a derived table. */
    static String base(DatasetSpec spec) {
        String query = spec.get(MysqlOptions.QUERY);
        if (query == null || query.isBlank()) {
            return SQL.quote(spec.entity());
        }
        return "(" + query.strip().replaceFirst(";\\s*$", "") + ") pzq";
    }

    static String select(DatasetSpec spec, List<String> columns, List<String> extraTerms) {
        List<String> terms = new ArrayList<>(WatermarkLiterals.terms(spec.watermark(), SQL));
        terms.addAll(extraTerms);
        return "SELECT " + (columns.isEmpty() ? "*" : SQL.quoteAll(columns)) + " FROM " + base(spec)
                + (terms.isEmpty() ? "" : " WHERE " + String.join(" AND ", terms));
    }
}
