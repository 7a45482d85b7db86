package dev.pz.connectors.postgres;

import dev.pz.connectors.api.ConnectorConfig;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.Set;
import org.postgresql.PGConnection;

/**
 * One connection's settings, read through {@link PostgresOptions}, and the way to open a session
 * with them. {@link #toString} never shows the password.
 */
final class PostgresConnectionSettings {

    /** The names under which a server reports a session already in UTC. */
    private static final Set<String> UTC_NAMES = Set.of("UTC", "Etc/UTC");

    private final String connection;
    private final String host;
    private final int port;
    private final String database;
    private final String user;
    private final String password;
    private final PostgresOptions.SslMode sslMode;
    private final int connectTimeoutSeconds;
    private final int commandTimeoutSeconds;

    private PostgresConnectionSettings(String connection, String host, int port, String database, String user,
            String password, PostgresOptions.SslMode sslMode, int connectTimeoutSeconds, int commandTimeoutSeconds) {
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

    /**
     * Reads a connection's settings.
     *
     * @throws dev.pz.connectors.api.error.PzConnectorException PZ0301 for a value its declaration refuses
     */
    static PostgresConnectionSettings of(ConnectorConfig config) {
        return new PostgresConnectionSettings(config.connection(), config.get(PostgresOptions.HOST),
                config.get(PostgresOptions.PORT), config.get(PostgresOptions.DATABASE), config.get(PostgresOptions.USER),
                config.get(PostgresOptions.PASSWORD), config.get(PostgresOptions.SSL_MODE),
                config.get(PostgresOptions.CONNECT_TIMEOUT_SECONDS), config.get(PostgresOptions.COMMAND_TIMEOUT_SECONDS));
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
     * offset-less UTC strings compared against timestamptz). The driver asks for the JVM's own zone
     * when it connects and the server reports the zone it took; only a session that is not in UTC
     * already pays the statement that sets it. The caller closes it.
     */
    Connection open() throws SQLException {
        Connection session = connect(properties());
        try {
            if (!UTC_NAMES.contains(session.unwrap(PGConnection.class).getParameterStatus("TimeZone"))) {
                try (Statement statement = statement(session)) {
                    statement.execute("set time zone 'UTC'");
                }
            }
        } catch (SQLException e) {
            session.close();
            throw e;
        }
        return session;
    }

    /**
     * Opens a replication session ({@code replication=database}) for slot commands and the change
     * stream, with the session time zone pinned to UTC like {@link #open}. The caller closes it.
     */
    Connection openReplication() throws SQLException {
        Properties properties = properties();
        properties.setProperty("replication", "database");
        properties.setProperty("assumeMinServerVersion", "10");
        properties.setProperty("preferQueryMode", "simple");
        properties.setProperty("options", "-c TimeZone=UTC");
        return connect(properties);
    }

    private Properties properties() {
        Properties properties = new Properties();
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("sslmode", sslMode.driverValue());
        properties.setProperty("connectTimeout", Integer.toString(connectTimeoutSeconds));
        properties.setProperty("loginTimeout", Integer.toString(connectTimeoutSeconds));
        properties.setProperty("ApplicationName", "pz");
        // Every supported server is 9.0 or later: the driver then sends application_name with the
        // start-up message instead of a statement after it.
        properties.setProperty("assumeMinServerVersion", "9.0");
        properties.setProperty("tcpKeepAlive", "true");
        return properties;
    }

    private Connection connect(Properties properties) throws SQLException {
        Connection session = new org.postgresql.Driver().connect(url(), properties);
        if (session == null) {
            throw new SQLException("the postgres driver refused the connection URL", "08001");
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
                + ", ssl_mode=" + sslMode.word() + "]";
    }
}
