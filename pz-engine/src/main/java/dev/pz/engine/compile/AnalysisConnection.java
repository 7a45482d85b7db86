package dev.pz.engine.compile;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;

/**
 * The one throwaway in-memory DuckDB a compile asks about SQL (watermark comparisons, read hints),
 * opened on first use only, so a project that needs no SQL analysis never starts DuckDB.
 */
final class AnalysisConnection implements AutoCloseable {
    private DuckSession session;
    private DuckConnection connection;

    DuckConnection get() {
        if (connection == null) {
            session = DuckSession.openInMemory(DuckSettings.defaults());
            connection = session.connect();
        }
        return connection;
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
            session.close();
            connection = null;
        }
    }
}
