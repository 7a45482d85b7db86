package dev.pz.duckdb;

/**
 * Database-wide DuckDB settings of one session. {@code null} leaves DuckDB's default, except
 * {@code tempDirectory}: DuckDB's default for an in-memory root is {@code .tmp} under the JVM's
 * working directory, so the session always picks one itself.
 *
 * @param memoryLimit a DuckDB size such as {@code 1GiB}, or null
 * @param threads DuckDB worker threads, or null
 * @param tempDirectory where DuckDB spills, or null for the session's own default
 * @param extensionAutoloading whether DuckDB may install and load known extensions on demand; off by
 *     default because only core_functions, icu, json and parquet are built in, and a failed download
 *     costs seconds per query
 */
public record DuckSettings(String memoryLimit, Integer threads, String tempDirectory, boolean extensionAutoloading) {

    public DuckSettings {
        if (threads != null && threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
    }

    public static DuckSettings defaults() {
        return new DuckSettings(null, null, null, false);
    }
}
