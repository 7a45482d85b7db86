package dev.pz.connectors.sqlite;

import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.sql.DatabaseFile;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** One connection's database file and how to open it: read-only for reads, read-write (creating it) for writes. */
record SqliteDatabase(DatabaseFile file) {

    /** How long a statement waits for another writer's lock before failing (transient). */
    private static final int BUSY_TIMEOUT_MILLIS = 5_000;

    /**
     * Opens the file to read; never creates it.
     *
     * @throws PzConnectorException when the file does not exist
     */
    Connection openForRead(String dataset) throws SQLException {
        if (!Files.isRegularFile(file.path())) {
            throw new PzConnectorException("dataset '" + dataset + "': sqlite database '" + file.path()
                    + "' does not exist", false);
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
        return config.createConnection("jdbc:sqlite:" + file.path());
    }

    /** Opens the file to write, creating it when missing, with autocommit off. */
    Connection openForWrite() throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
        Connection connection = config.createConnection("jdbc:sqlite:" + file.path());
        connection.setAutoCommit(false);
        return connection;
    }

    /** A driver failure as pz's: what failed, SQLite's own words, transient when the file was busy. */
    PzConnectorException failure(String context, Exception e) {
        if (e instanceof PzConnectorException pz) {
            return pz;
        }
        boolean busy = e instanceof SQLiteException sqlite && (sqlite.getResultCode() == SQLiteErrorCode.SQLITE_BUSY
                || sqlite.getResultCode() == SQLiteErrorCode.SQLITE_LOCKED);
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst()
                .orElse("").replaceFirst("^\\[SQLITE_[A-Z_]+\\]\\s*", "");
        return new PzConnectorException(null, context + ": " + message, busy, null, e);
    }
}
