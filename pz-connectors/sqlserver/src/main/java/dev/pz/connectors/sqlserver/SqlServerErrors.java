package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.net.UnknownHostException;
import java.security.cert.CertificateException;
import java.sql.SQLException;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/**
 * Turns driver failures into pz failures: one line without credentials or data values, a hint for
 * the failures a user can fix (wrong login, unknown database, missing table, an untrusted TLS
 * certificate, a value too long for its column), and the transient flag the engine's retry policy
 * reads.
 */
final class SqlServerErrors {

    /** Error 18456: login failed. */
    static final int LOGIN_FAILED = 18_456;
    /** Error 4060: the database named by the login cannot be opened. */
    static final int CANNOT_OPEN_DATABASE = 4_060;
    /** Error 208: invalid object name. */
    static final int INVALID_OBJECT = 208;

    /**
     * Server error numbers worth retrying: deadlock victim and lock timeouts, Azure SQL's throttling,
     * failover and "database unavailable" errors, and transport drops the server reports.
     */
    private static final Set<Integer> TRANSIENT_NUMBERS = Set.of(
            1204, 1205, 1222, // lock resources, deadlock victim, lock request timeout
            40197, 40501, 40613, 40143, 40540, 42108, 42109, 49918, 49919, 49920, 4221, 10928, 10929, // Azure SQL
            10053, 10054, 10060, 997, 233, 64); // transport-level failures

    /** Truncation: the server's bulk-load column length check (4815) and its "would be truncated" errors. */
    private static final Set<Integer> TRUNCATION_NUMBERS = Set.of(4815, 2628, 8152);

    /** The driver's own check of a text or binary value against the target column's length. */
    private static final String DRIVER_LENGTH_CHECK = "from the data source cannot be converted to type";

    /** The driver's TCP connection failure: the host, then the error text it quotes. */
    private static final Pattern TCP_FAILURE = Pattern.compile(
            "^The TCP/IP connection to the host (.+?), port \\d+ has failed\\. Error: \"(.*?)(?:\\. Verify|\"|$)");

    static final String TRUNCATION_HINT = "a value exceeds the target column's size; widen the column (alter table "
            + "... alter column) or declare a larger type in the output's columns: option";

    private SqlServerErrors() {
    }

    static boolean isTransient(Throwable failure) {
        if (isTls(failure)) {
            return false;
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                String state = sql.getSQLState();
                if (TRANSIENT_NUMBERS.contains(sql.getErrorCode())
                        || state != null && (state.startsWith("08") || state.equals("HY008"))) {
                    return true;
                }
            }
            if (t instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    /** Whether the failure is a TLS handshake or certificate problem. */
    static boolean isTls(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SSLException || t instanceof CertificateException) {
                return true;
            }
            String message = t.getMessage();
            if (message != null && (message.contains("Secure Sockets Layer") || message.contains("PKIX path"))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the failure says a value was too long for its column. */
    static boolean isTruncation(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && TRUNCATION_NUMBERS.contains(sql.getErrorCode())) {
                return true;
            }
            if (t.getMessage() != null && t.getMessage().contains(DRIVER_LENGTH_CHECK)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The failure in one line with its hint: the driver's first message line without the
     * {@code ClientConnectionId} it appends, the password and connection string removed
     * ({@code settings} may be null when the failure cannot carry one).
     */
    static String describe(Throwable failure, SqlServerConnectionSettings settings) {
        String message = firstLine(failure.getMessage());
        if (message == null || message.isBlank()) {
            message = failure.getClass().getSimpleName();
        }
        message = withoutDriverAdvice(message);
        String hint = hint(failure, settings);
        String text = hint == null ? message : message + " -- hint: " + hint;
        return settings == null ? text : settings.scrub(text);
    }

    /** A connector failure saying what failed ({@code context}) and why, carrying the transient flag. */
    static PzConnectorException wrap(String context, Throwable failure, SqlServerConnectionSettings settings) {
        if (failure instanceof PzConnectorException pz) {
            return pz;
        }
        return new PzConnectorException(null, context + ": " + describe(failure, settings), isTransient(failure), null,
                null);
    }

    private static String hint(Throwable failure, SqlServerConnectionSettings settings) {
        if (isTls(failure)) {
            return "the server's TLS certificate was not accepted: install its CA certificate in the JVM trust store, "
                    + "set host_name_in_certificate when the certificate names another host, or for a development "
                    + "server with a self-signed certificate set trust_server_certificate: true";
        }
        if (isTruncation(failure)) {
            return TRUNCATION_HINT;
        }
        int number = failure instanceof SQLException sql ? sql.getErrorCode() : 0;
        String database = settings == null || settings.database() == null ? "the database" : "'" + settings.database()
                + "'";
        return switch (number) {
            case LOGIN_FAILED -> "check 'user' and 'password' (or 'authentication'), and that the server accepts this "
                    + "kind of login";
            case CANNOT_OPEN_DATABASE -> "check 'database': " + database + " does not exist on "
                    + (settings == null ? "the server" : settings.server()) + " or the login may not open it";
            case INVALID_OBJECT -> "the table or view does not exist in " + database + ": check the entity name "
                    + "(<schema>.<table>, schema dbo when omitted) and that the login may see it";
            default -> {
                if (isUnknownHost(failure)) {
                    yield "check 'host': the name does not resolve from this machine";
                }
                yield isConnectionFailure(failure) ? "check host and port, that SQL Server accepts TCP/IP "
                        + "connections there and that no firewall blocks the port" : null;
            }
        };
    }

    /**
     * The driver's TCP failure ends in a paragraph of generic advice ("Verify the connection properties.
     * Make sure that …"); the hint says what applies, so the paragraph is cut.
     */
    private static String withoutDriverAdvice(String message) {
        int advice = message.indexOf(" Verify the connection properties.");
        return advice < 0 ? message : message.substring(0, advice).replaceAll("[.\\s]+$", "") + "\".";
    }

    /**
     * A name lookup failure: an {@link UnknownHostException} in the chain, or the driver's TCP failure
     * whose error text is the host name alone or the resolver's "not known".
     */
    private static boolean isUnknownHost(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof UnknownHostException) {
                return true;
            }
        }
        Matcher matcher = TCP_FAILURE.matcher(String.valueOf(failure.getMessage()));
        if (!matcher.find()) {
            return false;
        }
        String host = matcher.group(1);
        String error = matcher.group(2);
        return error.equals(host) || error.equals(host + ".") || error.contains("not known")
                || error.contains("No such host") || error.contains("name resolution");
    }

    private static boolean isConnectionFailure(Throwable failure) {
        return TCP_FAILURE.matcher(String.valueOf(failure.getMessage())).find();
    }

    private static String firstLine(String text) {
        if (text == null) {
            return null;
        }
        int newline = text.indexOf('\n');
        String line = (newline < 0 ? text : text.substring(0, newline)).trim();
        int clientId = line.indexOf(" ClientConnectionId:");
        return clientId < 0 ? line : line.substring(0, clientId).trim();
    }
}
