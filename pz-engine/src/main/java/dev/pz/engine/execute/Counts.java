package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;

/** Row counts of staging relations. */
final class Counts {

    private Counts() {
    }

    static long rows(DuckConnection connection, String relation) {
        Object count = connection.queryScalar("select count(*) from " + relation).orElse(0L);
        return ((Number) count).longValue();
    }

    /**
     * The rows of {@code relation}, reading every column: a view over a file then converts every
     * value to its declared type, failing where a staged table's load would (a plain count reads no
     * column, so it converts nothing).
     */
    static long rowsReadingEveryColumn(DuckConnection connection, String relation) {
        Object count = connection.queryScalar("select count(*), count(columns(*)) from " + relation).orElse(0L);
        return ((Number) count).longValue();
    }
}
