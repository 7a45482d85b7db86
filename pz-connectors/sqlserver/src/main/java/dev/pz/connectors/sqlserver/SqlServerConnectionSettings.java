package dev.pz.connectors.sqlserver;

import static dev.pz.connectors.sqlserver.SqlServerOptions.APPLICATION_NAME;
import static dev.pz.connectors.sqlserver.SqlServerOptions.AUTHENTICATION;
import static dev.pz.connectors.sqlserver.SqlServerOptions.COMMAND_TIMEOUT_SECONDS;
import static dev.pz.connectors.sqlserver.SqlServerOptions.CONNECTION_STRING;
import static dev.pz.connectors.sqlserver.SqlServerOptions.CONNECT_TIMEOUT_SECONDS;
import static dev.pz.connectors.sqlserver.SqlServerOptions.DATABASE;
import static dev.pz.connectors.sqlserver.SqlServerOptions.ENCRYPT;
import static dev.pz.connectors.sqlserver.SqlServerOptions.HOST;
import static dev.pz.connectors.sqlserver.SqlServerOptions.HOST_NAME_IN_CERTIFICATE;
import static dev.pz.connectors.sqlserver.SqlServerOptions.PASSWORD;
import static dev.pz.connectors.sqlserver.SqlServerOptions.PORT;
import static dev.pz.connectors.sqlserver.SqlServerOptions.TRUST_SERVER_CERTIFICATE;
import static dev.pz.connectors.sqlserver.SqlServerOptions.USER;

import com.microsoft.sqlserver.jdbc.SQLServerDriver;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * One connection's settings and the way to open a session with them. A connection is either the
 * discrete keys ({@code host}, {@code port}, {@code database}, {@code user}, {@code password},
 * {@code authentication}, {@code encrypt}, {@code trust_server_certificate}, …) or one
 * {@code connection_string}, in JDBC form ({@code jdbc:sqlserver://…}) or ADO.NET form
 * ({@code Server=…;Database=…;…}). Azure SQL Database and Managed Instance take the same keys.
 * {@link #toString} and every message this class makes leave the password and the connection
 * string out.
 */
final class SqlServerConnectionSettings {

    private static final String JDBC_PREFIX = "jdbc:sqlserver:";
    private static final String BASE_URL = "jdbc:sqlserver://";

    private final String connection;
    private final String url;
    private final Properties properties;
    private final String server;
    private final String database;
    private final List<String> secrets;
    private final int commandTimeoutSeconds;

    private SqlServerConnectionSettings(String connection, String url, Properties properties, String server,
            String database, List<String> secrets, int commandTimeoutSeconds) {
        this.connection = connection;
        this.url = url;
        this.properties = properties;
        this.server = server;
        this.database = database;
        this.secrets = secrets;
        this.commandTimeoutSeconds = commandTimeoutSeconds;
    }

    /**
     * Reads a connection's settings.
     *
     * @throws PzConnectorException PZ0301 for a value its declaration refuses, or for keys that do not
     *     describe one usable connection (see {@link #problems})
     */
    static SqlServerConnectionSettings of(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        SqlServerConnectionSettings settings = build(config, problems);
        if (!problems.isEmpty()) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, config.context() + ": "
                    + String.join("; ", problems));
        }
        return settings;
    }

    /**
     * Every problem across a connection's values that the declarations in {@link SqlServerOptions}
     * cannot state (which keys go together, the connection string's contents, the authentication
     * mode), one message each, without the connection's name (the engine prefixes it); empty when
     * usable. Offline. Expects values the declarations accept.
     */
    static List<String> problems(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        build(config, problems);
        return List.copyOf(problems);
    }

    private static SqlServerConnectionSettings build(ConnectorConfig config, List<String> problems) {
        String prefix = "";
        // Null when unset, so that an ADO.NET connection string's own Command Timeout applies.
        Integer commandTimeout = config.isSet(COMMAND_TIMEOUT_SECONDS) ? config.get(COMMAND_TIMEOUT_SECONDS) : null;
        String connectionString = config.get(CONNECTION_STRING);
        if (connectionString != null) {
            for (Option<?> key : SqlServerOptions.DISCRETE_CONNECTION_KEYS) {
                if (config.isSet(key)) {
                    problems.add(prefix + "'" + key.name() + "' cannot be combined with 'connection_string' -- hint: "
                            + "give either the connection string or the separate keys");
                }
            }
            return fromConnectionString(config.connection(), connectionString, commandTimeout, prefix, problems);
        }
        return fromKeys(config, commandTimeout, prefix, problems);
    }

    private static SqlServerConnectionSettings fromKeys(ConnectorConfig config, Integer commandTimeout, String prefix,
            List<String> problems) {
        Properties properties = new Properties();
        String host = config.get(HOST);
        String database = config.get(DATABASE);
        for (Option<String> key : List.of(HOST, DATABASE)) {
            String value = config.get(key);
            if (value == null || value.isBlank()) {
                problems.add(prefix + "'" + key.name() + "' is required (or give a 'connection_string')");
            }
        }
        if (host != null && !host.isBlank()) {
            if (host.matches(".*[,;=\\s].*")) {
                problems.add(prefix + "'host' must be a host name or address, optionally with \\instance, got '" + host
                        + "' -- hint: put the port in 'port'");
            }
            int backslash = host.indexOf('\\');
            properties.setProperty("serverName", backslash < 0 ? host : host.substring(0, backslash));
            if (backslash >= 0) {
                properties.setProperty("instanceName", host.substring(backslash + 1));
            }
        }
        Integer port = config.get(PORT);
        if (port != null) {
            properties.setProperty("portNumber", Integer.toString(port));
        }
        if (database != null) {
            properties.setProperty("databaseName", database);
        }
        setIfPresent(properties, "user", config.get(USER));
        setIfPresent(properties, "password", config.get(PASSWORD));
        String authentication = config.get(AUTHENTICATION);
        if (authentication != null) {
            SqlServerAuthentication.parse(authentication).ifPresentOrElse(
                    mode -> properties.setProperty("authentication", mode.driverValue()),
                    () -> problems.add(prefix + "sqlserver connection 'authentication' value '" + authentication
                            + "' is not recognized by the SQL Server driver -- hint: use a documented mode such as "
                            + "'Active Directory Default'"));
        }
        config.find(ENCRYPT).ifPresent(flag -> properties.setProperty("encrypt", flag.toString()));
        config.find(TRUST_SERVER_CERTIFICATE)
                .ifPresent(flag -> properties.setProperty("trustServerCertificate", flag.toString()));
        setIfPresent(properties, "hostNameInCertificate", config.get(HOST_NAME_IN_CERTIFICATE));
        properties.setProperty("applicationName", config.get(APPLICATION_NAME));
        properties.setProperty("loginTimeout", Integer.toString(config.get(CONNECT_TIMEOUT_SECONDS)));
        requireLibrary(properties, prefix, problems);
        String server = describeServer(host, port);
        return new SqlServerConnectionSettings(config.connection(), BASE_URL, withSessionDefaults(properties), server,
                database,
                secrets(properties.getProperty("password")), commandTimeout == null
                        ? SqlServerOptions.DEFAULT_COMMAND_TIMEOUT_SECONDS : commandTimeout);
    }

    private static SqlServerConnectionSettings fromConnectionString(String connection, String text,
            Integer commandTimeout, String prefix, List<String> problems) {
        if (text.regionMatches(true, 0, JDBC_PREFIX, 0, JDBC_PREFIX.length())) {
            Properties effective = new Properties();
            try {
                for (DriverPropertyInfo property : new SQLServerDriver().getPropertyInfo(text, new Properties())) {
                    if (property.value != null) {
                        effective.setProperty(property.name, property.value);
                    }
                }
            } catch (SQLException | RuntimeException e) {
                problems.add(prefix + "'connection_string' is not a URL the SQL Server driver can read -- hint: write "
                        + "jdbc:sqlserver://<host>[:<port>];databaseName=<db>;user=<user>;password=<password>");
            }
            String port = effective.getProperty("portNumber");
            if (port != null && !isPort(port)) {
                problems.add(prefix + "'connection_string' has a port that is not a number between 1 and 65535");
            }
            Properties overrides = new Properties();
            if (!text.toLowerCase(Locale.ROOT).contains("applicationname=")) {
                overrides.setProperty("applicationName", SqlServerOptions.DEFAULT_APPLICATION_NAME);
            }
            String authentication = effective.getProperty("authentication");
            if (authentication != null && !authentication.equalsIgnoreCase("NotSpecified")) {
                overrides.setProperty("authentication", authentication);
                requireLibrary(overrides, prefix, problems);
                overrides.remove("authentication");
            }
            String server = describeServer(effective.getProperty("serverName"), null);
            List<String> secrets = new ArrayList<>(secrets(effective.getProperty("password")));
            secrets.add(text);
            return new SqlServerConnectionSettings(connection, text, withSessionDefaults(overrides), server,
                    effective.getProperty("databaseName"), List.copyOf(secrets),
                    commandTimeout == null ? SqlServerOptions.DEFAULT_COMMAND_TIMEOUT_SECONDS : commandTimeout);
        }
        AdoNetConnectionString.Translation translation = AdoNetConnectionString.translate(text, problems, prefix);
        Properties properties = translation.properties();
        properties.putIfAbsent("applicationName", SqlServerOptions.DEFAULT_APPLICATION_NAME);
        properties.putIfAbsent("loginTimeout", Integer.toString(SqlServerOptions.DEFAULT_CONNECT_TIMEOUT_SECONDS));
        requireLibrary(properties, prefix, problems);
        String port = properties.getProperty("portNumber");
        String server = describeServer(properties.getProperty("serverName"), port == null ? null : Integer.valueOf(port));
        List<String> secrets = new ArrayList<>(secrets(properties.getProperty("password")));
        secrets.add(text);
        int timeout = commandTimeout != null ? commandTimeout
                : translation.commandTimeoutSeconds() != null ? translation.commandTimeoutSeconds()
                        : SqlServerOptions.DEFAULT_COMMAND_TIMEOUT_SECONDS;
        return new SqlServerConnectionSettings(connection, BASE_URL, withSessionDefaults(properties), server,
                properties.getProperty("databaseName"), List.copyOf(secrets), timeout);
    }

    /**
     * Settings pz relies on whatever the user wrote: bulk copy sends date and time values as text
     * the server parses (the driver's other path converts them through the JVM's time zone).
     */
    private static Properties withSessionDefaults(Properties properties) {
        properties.setProperty("sendTemporalDataTypesAsStringForBulkCopy", "true");
        return properties;
    }

    private static void requireLibrary(Properties properties, String prefix, List<String> problems) {
        String value = properties.getProperty("authentication");
        if (value == null) {
            return;
        }
        SqlServerAuthentication.parse(value).flatMap(SqlServerAuthentication::missingLibrary).ifPresent(artifact ->
                problems.add(prefix + "authentication '" + value + "' needs " + artifact + ", which this build of pz "
                        + "does not include -- hint: use SQL authentication (user and password) or a build that "
                        + "bundles " + artifact));
    }

    String connection() {
        return connection;
    }

    /** {@code host:port}, without credentials, for messages. */
    String server() {
        return server;
    }

    String database() {
        return database;
    }

    /** The driver properties a session opens with; they hold the password. For tests. */
    Properties driverProperties() {
        Properties copy = new Properties();
        copy.putAll(properties);
        return copy;
    }

    /** The URL a session opens with (holds the password only for a JDBC connection string). For tests. */
    String url() {
        return url;
    }

    /** Opens a session with autocommit on. The caller closes it. */
    Connection open() throws SQLException {
        Connection session = new SQLServerDriver().connect(url, properties);
        if (session == null) {
            throw new SQLException("the SQL Server driver refused the connection URL", "08001");
        }
        return session;
    }

    /**
     * A statement bounded by {@code command_timeout_seconds} (0 = unbounded), for catalog probes and
     * schema queries; statements that move data (reads, bulk copies, merges) are not bounded.
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

    /** Removes the password and the connection string from a message that might echo them. */
    String scrub(String message) {
        if (message == null) {
            return null;
        }
        String scrubbed = message;
        // Longest first: the connection string contains the password.
        for (String secret : secrets.stream().sorted(java.util.Comparator.comparingInt(String::length).reversed())
                .toList()) {
            if (secret.length() >= 3) {
                scrubbed = scrubbed.replace(secret, "***");
            }
        }
        return scrubbed;
    }

    @Override
    public String toString() {
        return "SqlServerConnectionSettings[connection=" + connection + ", server=" + server + ", database=" + database
                + ", user=" + properties.getProperty("user", "<none>") + ", password=***]";
    }

    private static String describeServer(String host, Integer port) {
        if (host == null) {
            return "<unknown server>";
        }
        return port == null ? host : host + ":" + port;
    }

    private static boolean isPort(String text) {
        return text.matches("[0-9]{1,5}") && Integer.parseInt(text) >= 1 && Integer.parseInt(text) <= 65_535;
    }

    private static List<String> secrets(String password) {
        return password == null || password.isEmpty() ? List.of() : List.of(password);
    }

    private static void setIfPresent(Properties properties, String name, String value) {
        if (value != null) {
            properties.setProperty(name, value);
        }
    }
}
