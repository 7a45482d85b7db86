package dev.pz.connectors.remote;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.nio.file.Path;

/**
 * A throwaway in-memory DuckDB for format work on local files, outside the run's session: no
 * extension downloads, spilling into a directory of the caller's. Closing it closes the database.
 */
final class PrivateDuck implements AutoCloseable {

    /** Enough for DuckDB's readers and writers to stream; larger intermediate state spills. */
    private static final String MEMORY_LIMIT = "1GiB";

    private final DuckSession session;
    private final DuckConnection connection;

    private PrivateDuck(DuckSession session) {
        this.session = session;
        this.connection = session.connect();
    }

    static PrivateDuck open(Path spillDirectory) {
        return new PrivateDuck(DuckSession.openInMemory(new DuckSettings(MEMORY_LIMIT, null,
                spillDirectory.toString(), false)));
    }

    DuckConnection connection() {
        return connection;
    }

    @Override
    public void close() {
        try {
            connection.close();
        } finally {
            session.close();
        }
    }
}
