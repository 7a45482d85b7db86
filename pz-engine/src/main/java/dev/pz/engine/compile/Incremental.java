package dev.pz.engine.compile;

import java.util.List;

/**
 * How a dataset is read incrementally: its cursor column, whether the declaration came from SQL
 * ({@code watermark()} comparisons) rather than a {@code sync:} block, the SQL bounds, and the
 * bounded window of a {@code sync:} block ({@code null} when unwindowed).
 */
public record Incremental(String cursor, boolean declaredInSql, List<SqlBound> sqlBounds, Window window) {

    public Incremental {
        sqlBounds = List.copyOf(sqlBounds);
    }

    public Incremental(String cursor, boolean declaredInSql, List<SqlBound> sqlBounds) {
        this(cursor, declaredInSql, sqlBounds, null);
    }

    /**
     * A {@code sync:} block's bounded window, canonicalized at compile time: the declared cursor type,
     * {@code max_window} ({@link dev.pz.engine.state.WindowMath#canonicalWindow}), {@code initial} and
     * the optional {@code until} as canonical cursor values.
     */
    public record Window(String type, String maxWindow, String initial, String until) {
    }

    /** One {@code watermark()} comparison: a floor ({@code >}, {@code >=}) or a ceiling ({@code <}, {@code <=}). */
    public record SqlBound(String valueSql, boolean inclusive, boolean upper) {
    }

    public boolean hasSqlCeiling() {
        return sqlBounds.stream().anyMatch(SqlBound::upper);
    }
}
