package dev.pz.engine.compile;

import java.util.List;

/**
 * How a dataset is read incrementally: its cursor column, whether the declaration came from SQL
 * ({@code watermark()} comparisons) rather than a {@code sync:} block, and the SQL bounds.
 */
public record Incremental(String cursor, boolean declaredInSql, List<SqlBound> sqlBounds) {

    public Incremental {
        sqlBounds = List.copyOf(sqlBounds);
    }

    /** One {@code watermark()} comparison: a floor ({@code >}, {@code >=}) or a ceiling ({@code <}, {@code <=}). */
    public record SqlBound(String valueSql, boolean inclusive, boolean upper) {
    }

    public boolean hasSqlCeiling() {
        return sqlBounds.stream().anyMatch(SqlBound::upper);
    }
}
