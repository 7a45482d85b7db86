package dev.pz.connectors.mysql;

import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.util.Set;

/**
 * Driver failures as pz's: one line without credentials or data values, transient for network
 * failures (SQLSTATE class 08), lock waits and deadlocks, server shutdowns and too many connections.
 */
final class MysqlErrors {

    /** Server error numbers worth retrying: lock wait timeout, deadlock, too many connections, shutdown. */
    private static final Set<Integer> TRANSIENT_CODES = Set.of(1205, 1213, 1040, 1053, 1927, 2002, 2003, 2006, 2013);

    private MysqlErrors() {
    }

    static boolean isTransient(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientException || t instanceof IOException) {
                return true;
            }
            if (t instanceof SQLException sql && (sql.getSQLState() != null && sql.getSQLState().startsWith("08")
                    || TRANSIENT_CODES.contains(sql.getErrorCode()))) {
                return true;
            }
        }
        return false;
    }

    /** The failure in one line, password removed; the driver's "(conn=N)" prefix dropped. */
    static String describe(Throwable failure, MysqlSettings settings) {
        String message = failure.getMessage() == null ? failure.getClass().getSimpleName()
                : failure.getMessage().lines().findFirst().orElse("").replaceFirst("^\\(conn=\\d+\\)\\s*", "");
        return settings.scrub(message.trim());
    }

    static PzConnectorException wrap(String context, Throwable failure, MysqlSettings settings) {
        if (failure instanceof PzConnectorException pz) {
            return pz;
        }
        return new PzConnectorException(null, context + ": " + describe(failure, settings), isTransient(failure), null,
                null);
    }
}
