package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.DatasetSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The select of one read. Table mode projects the hinted (else contracted, else every) column and
 * filters with the pushed conjuncts and the incremental bounds, each term parenthesized and joined
 * with {@code and}; query mode sends the user's SQL as written, with no pushdown.
 */
final class SqlServerReadQuery {

    private SqlServerReadQuery() {
    }

    /** Whether the dataset reads a {@code query:} rather than its entity's table. */
    static boolean isQuery(DatasetSpec spec) {
        return spec.find(SqlServerOptions.QUERY).filter(query -> !query.isBlank()).isPresent();
    }

    /** The unfiltered select: the query, or the projection of the entity's table. */
    static String projection(DatasetSpec spec, List<String> columns) {
        if (isQuery(spec)) {
            return SqlServerSql.wrappable(spec.get(SqlServerOptions.QUERY));
        }
        return "select " + (columns == null || columns.isEmpty() ? "*" : SqlServerSql.quoteAll(columns)) + " from "
                + SqlServerTableName.parse(spec.entity()).qualified();
    }

    /** The columns a table read projects: the hinted ones, else the contract's, else null for all. */
    static List<String> projectedColumns(DatasetSpec spec, List<String> hinted) {
        if (hinted != null && !hinted.isEmpty()) {
            return hinted;
        }
        if (spec.columns() != null && !spec.columns().isEmpty()) {
            return List.copyOf(spec.columns().keySet());
        }
        return null;
    }

    /**
     * The full select: {@code projection} filtered by {@code conjuncts} (already parenthesized T-SQL)
     * and the watermark bounds. {@code described} are the projection's columns, from which the
     * cursor's type is read to type its literals.
     */
    static String select(DatasetSpec spec, String projection, List<String> conjuncts, List<SqlServerColumn> described) {
        if (isQuery(spec)) {
            return projection;
        }
        List<String> terms = new ArrayList<>(conjuncts);
        DatasetSpec.Watermark watermark = spec.watermark();
        if (watermark != null && watermark.cursor() != null) {
            String cursor = SqlServerSql.quote(watermark.cursor());
            SqlServerColumn cursorColumn = find(described, watermark.cursor());
            if (watermark.lowerValue() != null) {
                terms.add("(" + cursor + (watermark.lowerInclusive() ? " >= " : " > ")
                        + watermarkLiteral(watermark.lowerValue(), cursorColumn) + ")");
            }
            if (watermark.upperBound() != null) {
                terms.add("(" + cursor + " <= " + watermarkLiteral(watermark.upperBound(), cursorColumn) + ")");
            }
        }
        return terms.isEmpty() ? projection : projection + " where " + String.join(" and ", terms);
    }

    /**
     * A stored watermark (digits, {@code yyyy-MM-dd} or {@code yyyy-MM-ddTHH:mm:ss.ffffff}) as a
     * literal the server converts to the cursor's type. {@code datetime} and {@code smalldatetime}
     * cannot read more than three fractional digits from text, so for them the literal is typed
     * {@code datetime2(7)} and the column compares at that precision.
     */
    static String watermarkLiteral(String value, SqlServerColumn cursor) {
        String literal = SqlServerSql.literal(value);
        if (cursor != null && (cursor.typeName().equals("datetime") || cursor.typeName().equals("smalldatetime"))) {
            return "cast(" + literal + " as datetime2(7))";
        }
        return literal;
    }

    private static SqlServerColumn find(List<SqlServerColumn> columns, String name) {
        if (columns == null) {
            return null;
        }
        for (SqlServerColumn column : columns) {
            if (column.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return column;
            }
        }
        return null;
    }
}
