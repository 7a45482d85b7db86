package dev.pz.duckdb;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.Locale;

/**
 * A failed DuckDB statement. The message is DuckDB's, sanitized by {@link DuckErrors#sanitize}; the
 * statement text is never part of it. The original {@link SQLException} is the cause.
 */
public final class DuckSqlException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final boolean interrupted;

    public DuckSqlException(SQLException cause) {
        this(cause, false);
    }

    /** {@code cancelled}: the statement that failed was interrupted by pz, whatever the driver says. */
    DuckSqlException(SQLException cause, boolean cancelled) {
        super(DuckErrors.sanitize(cause.getMessage()), cause);
        this.interrupted = cancelled || isInterrupt(cause);
    }

    /** True when the statement stopped because {@link DuckConnection#cancel()} interrupted it. */
    public boolean interrupted() {
        return interrupted;
    }

    private static boolean isInterrupt(SQLException cause) {
        String message = cause.getMessage() == null ? "" : cause.getMessage().toUpperCase(Locale.ROOT);
        // duckdb_jdbc 2.0 reports a cancelled statement as SQLTimeoutException "INTERRUPT Error: Interrupted!".
        return cause instanceof SQLTimeoutException || message.startsWith("INTERRUPT ERROR");
    }
}
