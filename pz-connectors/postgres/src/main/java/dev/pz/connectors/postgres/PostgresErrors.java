package dev.pz.connectors.postgres;

import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.Set;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Turns driver failures into pz failures: a one-line message without credentials or data values,
 * and a transient flag for what a retry may cure (what Npgsql's {@code IsTransient} reports).
 */
final class PostgresErrors {

    /** Server conditions worth retrying: resources, shutdown/startup, lock and serialization conflicts, cancel. */
    private static final Set<String> TRANSIENT_STATES = Set.of(
            "53000", "53100", "53200", "53300", "53400", // insufficient resources, too many connections
            "57P01", "57P02", "57P03", // admin/crash shutdown, cannot connect now
            "58000", "58030", // system error, io error
            "55P03", "55006", // lock not available, object in use
            "57014", // query canceled (statement timeout)
            "40001", "40P01"); // serialization failure, deadlock

    private PostgresErrors() {
    }

    static boolean isTransient(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                if (state.startsWith("08") || TRANSIENT_STATES.contains(state)) {
                    return true;
                }
            }
            if (t instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    /**
     * The failure in one line: the server's primary message (never its DETAIL, which can quote data
     * values), or the driver's message plus the network cause, with the password removed
     * ({@code settings} may be null when the failure cannot carry one).
     */
    static String describe(Throwable failure, PostgresConnectionSettings settings) {
        String message = null;
        if (failure instanceof PSQLException psql) {
            ServerErrorMessage server = psql.getServerErrorMessage();
            if (server != null && server.getMessage() != null) {
                message = server.getMessage();
            }
        }
        if (message == null) {
            message = firstLine(failure.getMessage());
            for (Throwable cause = failure.getCause(); cause != null; cause = cause.getCause()) {
                if (cause instanceof UnknownHostException) {
                    String host = settings == null ? cause.getMessage() : settings.host();
                    message = "unknown host '" + host + "' (" + message + ")";
                    break;
                }
                if (cause instanceof IOException && cause.getMessage() != null && !message.contains(cause.getMessage())) {
                    message = message + " (" + firstLine(cause.getMessage()) + ")";
                    break;
                }
            }
        }
        String text = message == null ? failure.getClass().getSimpleName() : message;
        return settings == null ? text : settings.scrub(text);
    }

    /**
     * Asks the server to cancel whatever {@code connection} is running (over a separate socket, so
     * safe from another thread while a call blocks on it). A failed request changes nothing: the
     * work then ends on its own, or the engine abandons it after its grace period.
     */
    static void cancelQuietly(java.sql.Connection connection) {
        try {
            connection.unwrap(org.postgresql.PGConnection.class).cancelQuery();
        } catch (SQLException | RuntimeException ignored) {
            // The connection is closed or the server is unreachable: nothing left to cancel.
        }
    }

    /** A connector failure saying what failed ({@code context}) and why, carrying the transient flag. */
    static PzConnectorException wrap(String context, Throwable failure, PostgresConnectionSettings settings) {
        if (failure instanceof PzConnectorException pz) {
            return pz;
        }
        return new PzConnectorException(null, context + ": " + describe(failure, settings), isTransient(failure), null,
                null);
    }

    private static String firstLine(String text) {
        if (text == null) {
            return null;
        }
        int newline = text.indexOf('\n');
        return (newline < 0 ? text : text.substring(0, newline)).trim();
    }
}
