package dev.pz.connectors.postgres;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.error.PzConnectorException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * One connection's settings (spec connectors.md §11, connection keys) and the way to open a
 * session with them. {@link #toString} never shows the password.
 */
final class PostgresConnectionSettings {

    static final String HOST = "host";
    static final String PORT = "port";
    static final String DATABASE = "database";
    static final String USER = "user";
    static final String PASSWORD = "password";
    static final String SSL_MODE = "ssl_mode";
    static final String CONNECT_TIMEOUT_SECONDS = "connect_timeout_seconds";
    static final String COMMAND_TIMEOUT_SECONDS = "command_timeout_seconds";

    static final int DEFAULT_PORT = 5432;
    static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 15;
    static final int DEFAULT_COMMAND_TIMEOUT_SECONDS = 30;

    /** Npgsql's SslMode names (matched case-insensitively) and the pgjdbc {@code sslmode} each means. */
    private static final Map<String, String> SSL_MODES = Map.of(
            "disable", "disable", "allow", "allow", "prefer", "prefer", "require", "require",
            "verifyca", "verify-ca", "verifyfull", "verify-full");

    private final String connection;
    private final String host;
    private final int port;
    private final String database;
    private final String user;
    private final String password;
    private final String sslMode;
    private final int connectTimeoutSeconds;
    private final int commandTimeoutSeconds;

    private PostgresConnectionSettings(String connection, String host, int port, String database, String user,
            String password, String sslMode, int connectTimeoutSeconds, int commandTimeoutSeconds) {
        this.connection = connection;
        this.host = host;
        this.port = port;
        this.database = database;
        this.user = user;
        this.password = password;
        this.sslMode = sslMode;
        this.connectTimeoutSeconds = connectTimeoutSeconds;
        this.commandTimeoutSeconds = commandTimeoutSeconds;
    }

    /** Reads a connection's settings; a value that cannot work is a permanent failure. */
    static PostgresConnectionSettings of(ConnectorConfig config) {
        List<String> problems = problems(config);
        if (!problems.isEmpty()) {
            throw new PzConnectorException(String.join("; ", problems), false);
        }
        Map<String, Object> values = config.values();
        return new PostgresConnectionSettings(config.connection(), string(values, HOST), integer(values, PORT, DEFAULT_PORT),
                string(values, DATABASE), string(values, USER), string(values, PASSWORD),
                sslMode(values.get(SSL_MODE)),
                integer(values, CONNECT_TIMEOUT_SECONDS, DEFAULT_CONNECT_TIMEOUT_SECONDS),
                integer(values, COMMAND_TIMEOUT_SECONDS, DEFAULT_COMMAND_TIMEOUT_SECONDS));
    }

    /** Every problem with a connection's values, one message each; empty when usable. */
    static List<String> problems(ConnectorConfig config) {
        String prefix = "connection '" + config.connection() + "': ";
        Map<String, Object> values = config.values();
        List<String> problems = new ArrayList<>();
        for (String key : List.of(HOST, DATABASE)) {
            String value = string(values, key);
            if (value == null || value.isBlank()) {
                problems.add(prefix + "'" + key + "' is required");
            }
        }
        range(values, PORT, 1, 65_535, prefix, problems);
        range(values, CONNECT_TIMEOUT_SECONDS, 1, 3_600, prefix, problems);
        range(values, COMMAND_TIMEOUT_SECONDS, 0, 86_400, prefix, problems);
        Object ssl = values.get(SSL_MODE);
        if (ssl != null && sslMode(ssl) == null) {
            problems.add(prefix + "'ssl_mode' must be one of Disable, Allow, Prefer, Require, VerifyCA, VerifyFull, got '"
                    + ssl + "'");
        }
        return List.copyOf(problems);
    }

    String connection() {
        return connection;
    }

    String host() {
        return host;
    }

    String password() {
        return password;
    }

    /**
     * Opens a session: autocommit on, session time zone pinned to UTC (watermark literals are
     * offset-less UTC strings compared against timestamptz). The caller closes it.
     */
    Connection open() throws SQLException {
        Properties properties = new Properties();
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("sslmode", sslMode == null ? "prefer" : sslMode);
        properties.setProperty("connectTimeout", Integer.toString(connectTimeoutSeconds));
        properties.setProperty("loginTimeout", Integer.toString(connectTimeoutSeconds));
        properties.setProperty("ApplicationName", "pz");
        properties.setProperty("tcpKeepAlive", "true");
        Connection session = new org.postgresql.Driver().connect(url(), properties);
        if (session == null) {
            throw new SQLException("the postgres driver refused the connection URL", "08001");
        }
        try (Statement statement = statement(session)) {
            statement.execute("set time zone 'UTC'");
        } catch (SQLException e) {
            session.close();
            throw e;
        }
        return session;
    }

    /**
     * A statement bounded by {@code command_timeout_seconds} (0 = unbounded), as Npgsql bounds each
     * command: the driver cancels it on the server when the time is up (SQLSTATE 57014, transient).
     * COPY streams are not commands and are not bounded; a dead peer is found by TCP keepalive.
     */
    Statement statement(Connection session) throws SQLException {
        Statement statement = session.createStatement();
        statement.setQueryTimeout(commandTimeoutSeconds);
        return statement;
    }

    /** A prepared statement bounded like {@link #statement}. */
    PreparedStatement prepare(Connection session, String sql) throws SQLException {
        PreparedStatement statement = session.prepareStatement(sql);
        statement.setQueryTimeout(commandTimeoutSeconds);
        return statement;
    }

    private String url() {
        String hostPart = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return "jdbc:postgresql://" + hostPart + ":" + port + "/" + URLEncoder.encode(database, StandardCharsets.UTF_8);
    }

    /** Removes the password from a message that might echo it. */
    String scrub(String message) {
        if (message == null || password == null || password.length() < 3) {
            return message;
        }
        return message.replace(password, "***");
    }

    @Override
    public String toString() {
        return "PostgresConnectionSettings[connection=" + connection + ", host=" + host + ", port=" + port
                + ", database=" + database + ", user=" + user + ", password=" + (password == null ? "<none>" : "***")
                + ", ssl_mode=" + sslMode + "]";
    }

    private static String string(Map<String, Object> values, String key) {
        Object value = values.get(key);
        return value == null ? null : String.valueOf(value);
    }

    private static int integer(Map<String, Object> values, String key, int fallback) {
        Long value = longValue(values.get(key));
        return value == null ? fallback : value.intValue();
    }

    private static Long longValue(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Number number && number.doubleValue() == Math.rint(number.doubleValue())) {
            return number.longValue();
        }
        try {
            return Long.parseLong(String.valueOf(value).trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static void range(Map<String, Object> values, String key, long min, long max, String prefix,
            List<String> problems) {
        Object raw = values.get(key);
        if (raw == null) {
            return;
        }
        Long value = longValue(raw);
        if (value == null) {
            problems.add(prefix + "'" + key + "' must be an integer, got '" + raw + "'");
        } else if (value < min || value > max) {
            problems.add(prefix + "'" + key + "' must be between " + min + " and " + max + ", got " + value);
        }
    }

    private static String sslMode(Object value) {
        if (value == null) {
            return null;
        }
        String key = String.valueOf(value).trim().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
        return SSL_MODES.get(key);
    }
}
