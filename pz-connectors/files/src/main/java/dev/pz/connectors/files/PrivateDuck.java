package dev.pz.connectors.files;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.nio.file.Path;

/**
 * A connector's own throwaway DuckDB for format work outside the run's session (a universal read of
 * parquet, a universal write of any format): in memory, no extension downloads, spilling to a
 * directory the caller names. Closing the connection closes the database.
 */
public final class PrivateDuck implements AutoCloseable {

    /** Enough for DuckDB's readers and writers to stream; larger intermediate state spills. */
    private static final String MEMORY_LIMIT = "1GiB";

    private final DuckSession session;
    private final DuckConnection connection;

    private PrivateDuck(DuckSession session) {
        this.session = session;
        this.connection = session.connect();
    }

    /** @param spillDirectory where DuckDB spills, or null for a private directory under the OS temp directory */
    public static PrivateDuck open(Path spillDirectory) {
        return new PrivateDuck(DuckSession.openInMemory(new DuckSettings(MEMORY_LIMIT, null,
                spillDirectory == null ? null : spillDirectory.toString(), false)));
    }

    public DuckConnection connection() {
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
