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
}
