package dev.pz.engine.state;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.model.StateConfig;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;

/** Opens the backend project.yml's {@code state:} (or {@code --state-url}) chose. */
public final class StateBackends {
    /** The state config key that holds the resolved state connection's options. */
    private static final String CONNECTION_CONFIG = "connection_config";

    private StateBackends() {
    }

    /**
     * @throws PzException {@code PZ0518} when the store cannot be reached or this build cannot keep
     *         state there, {@code PZ0125} when its connection string is unusable
     */
    public static StateBackend open(StateConfig config, Path projectDirectory) {
        Map<String, Object> settings = config.settings();
        return switch (config.backend()) {
            case "http" -> new HttpStateBackend((String) settings.get("url"), (String) settings.get("token"),
                    settings.get("timeout_seconds") instanceof Integer seconds ? Duration.ofSeconds(seconds)
                            : HttpStateBackend.DEFAULT_TIMEOUT);
            case "postgres" -> postgres(settings).open();
            case "sqlserver" -> sqlServer(settings).open();
            default -> LocalStateBackend.of(projectDirectory);
        };
    }

    private static JdbcStateBackend postgres(Map<String, Object> settings) {
        String schema = (String) settings.get("schema");
        Properties credentials = new Properties();
        String url;
        if (settings.get(CONNECTION_CONFIG) instanceof Map<?, ?> connection) {
            String host = text(connection.get("host"), "localhost");
            String port = text(connection.get("port"), "5432");
            String database = text(connection.get("database"), "postgres");
            url = "jdbc:postgresql://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + "/"
                    + URLEncoder.encode(database, StandardCharsets.UTF_8);
            putIfPresent(credentials, "user", connection.get("user"));
            putIfPresent(credentials, "password", connection.get("password"));
            if (connection.get("ssl_mode") != null) {
                credentials.setProperty("sslmode", text(connection.get("ssl_mode"), "prefer").toLowerCase(java.util.Locale.ROOT));
            }
        } else {
            url = postgresUrl((String) settings.get("connection_string"), credentials);
        }
        String where = url.substring("jdbc:postgresql://".length());
        int query = where.indexOf('?');
        return new JdbcStateBackend(new SqlStateDialect.Postgres(), url, credentials, schema,
                "postgres " + (query < 0 ? where : where.substring(0, query)) + " (schema " + schema + ")");
    }

    /**
     * A {@code jdbc:postgresql://} URL as is, or a libpq URI {@code postgresql://user:password@host:port/db}
     * with its credentials moved into {@code credentials} (so no message built from the URL shows them).
     */
    static String postgresUrl(String connectionString, Properties credentials) {
        if (connectionString.startsWith("jdbc:postgresql://")) {
            return connectionString;
        }
        if (!(connectionString.startsWith("postgresql://") || connectionString.startsWith("postgres://"))) {
            throw unusable("postgres", "a jdbc:postgresql:// URL or a postgresql://user:password@host:port/database URI");
        }
        URI uri;
        try {
            uri = URI.create(connectionString);
        } catch (IllegalArgumentException e) {
            throw unusable("postgres", "a jdbc:postgresql:// URL or a postgresql://user:password@host:port/database URI");
        }
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            credentials.setProperty("user", decode(parts[0]));
            if (parts.length > 1) {
                credentials.setProperty("password", decode(parts[1]));
            }
        }
        String path = uri.getRawPath() == null || uri.getRawPath().length() <= 1 ? "/postgres" : uri.getRawPath();
        return "jdbc:postgresql://" + uri.getHost() + ":" + (uri.getPort() < 0 ? 5432 : uri.getPort()) + path
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    }

    private static JdbcStateBackend sqlServer(Map<String, Object> settings) {
        if (Boolean.TRUE.equals(settings.get("artifacts"))) {
            throw new PzException(new PzError(PzCode.STATE_STORE_UNAVAILABLE, "state backend 'sqlserver' with"
                    + " artifacts: true (its default) is not supported by this build of pz: run artifacts stay in"
                    + " .pz/runs", "project.yml", 0, "set state.artifacts: false to keep only keyed state in SQL Server"));
        }
        String schema = (String) settings.get("schema");
        Properties credentials = new Properties();
        String url;
        if (settings.get(CONNECTION_CONFIG) instanceof Map<?, ?> connection) {
            String host = text(connection.get("host"), "localhost");
            url = "jdbc:sqlserver://" + host + (connection.get("port") == null ? "" : ":" + connection.get("port"))
                    + ";databaseName=" + text(connection.get("database"), "master");
            putIfPresent(credentials, "user", connection.get("user"));
            putIfPresent(credentials, "password", connection.get("password"));
            if (connection.get("encrypt") != null) {
                credentials.setProperty("encrypt", String.valueOf(connection.get("encrypt")));
            }
            if (connection.get("trust_server_certificate") != null) {
                credentials.setProperty("trustServerCertificate", String.valueOf(connection.get("trust_server_certificate")));
            }
        } else {
            url = (String) settings.get("connection_string");
            if (!url.startsWith("jdbc:sqlserver://")) {
                throw unusable("sqlserver", "a jdbc:sqlserver:// URL");
            }
        }
        return new JdbcStateBackend(new SqlStateDialect.SqlServer(), url, credentials, schema,
                "sqlserver (schema " + schema + ")");
    }

    private static PzException unusable(String backend, String expected) {
        return new PzException(new PzError(PzCode.STATE_CONNECTION_INVALID, "PZ_STATE_CONNECTION_STRING is not usable"
                + " by state backend '" + backend + "'", null, 0, "set it to " + expected));
    }

    private static String text(Object value, String fallback) {
        return value == null ? fallback : String.valueOf(value);
    }

    private static void putIfPresent(Properties properties, String key, Object value) {
        if (value != null) {
            properties.setProperty(key, String.valueOf(value));
        }
    }

    private static String decode(String text) {
        return java.net.URLDecoder.decode(text, StandardCharsets.UTF_8);
    }
}
