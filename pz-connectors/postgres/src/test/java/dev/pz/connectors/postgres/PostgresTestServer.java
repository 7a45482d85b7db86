package dev.pz.connectors.postgres;

import dev.pz.connectors.api.ConnectorConfig;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The one PostgreSQL server the module's tests share, started by the tests themselves: the server named by
 * {@code PZ_TEST_PG_URL} when set ({@code postgresql://user:password@host:port/database}), else an
 * embedded PostgreSQL started once per JVM from the zonky binaries and stopped by a shutdown hook.
 * The embedded server runs with {@code wal_level = logical} for the change-capture tests. When neither is available the calling test is skipped with the reason, or fails when
 * {@code PZ_REQUIRE_SERVICES=1}. Public, and shipped in the module's test-jar, for pz-cli's
 * end-to-end tests.
 */
public final class PostgresTestServer {

    public static final String CONNECTION = "pg";

    private static final String PASSWORD_ROLE = "pz_password_user";

    private static Endpoint endpoint;
    private static String unavailableReason;
    private static boolean embedded;
    private static Endpoint passwordEndpoint;

    private PostgresTestServer() {
    }

    /** Host, port, database and credentials of the shared server. */
    public record Endpoint(String host, int port, String database, String user, String password) {
        @Override
        public String toString() {
            return "Endpoint[" + host + ":" + port + "/" + database + " as " + user + "]";
        }
    }

    /** The shared server, starting it on first use; skips (or fails) the caller when unavailable. */
    public static synchronized Endpoint endpoint() {
        if (endpoint == null && unavailableReason == null) {
            try {
                endpoint = start();
            } catch (Exception | LinkageError e) {
                unavailableReason = "PostgreSQL unavailable for tests: " + e;
            }
        }
        if (endpoint == null) {
            if ("1".equals(System.getenv("PZ_REQUIRE_SERVICES"))) {
                Assertions.fail(unavailableReason + " (PZ_REQUIRE_SERVICES=1)");
            }
            Assumptions.abort(unavailableReason);
        }
        return endpoint;
    }

    private static Endpoint start() throws Exception {
        String url = System.getenv("PZ_TEST_PG_URL");
        if (url != null && !url.isBlank()) {
            return parse(url);
        }
        // Logical replication on, so that change capture can be tested against the same server.
        EmbeddedPostgres server = EmbeddedPostgres.builder().setServerConfig("wal_level", "logical")
                .setServerConfig("max_replication_slots", "32").setServerConfig("max_wal_senders", "32").start();
        embedded = true;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (Exception e) {
                // The JVM is exiting; a server that does not stop cleanly dies with its data directory.
            }
        }, "pz-test-postgres-stop"));
        return new Endpoint("127.0.0.1", server.getPort(), "postgres", "postgres", "postgres");
    }

    /**
     * The shared server when it has {@code wal_level = logical}, as change capture needs: the
     * embedded one always has; a server from {@code PZ_TEST_PG_URL} without it skips the caller (or
     * fails it under {@code PZ_REQUIRE_SERVICES=1}).
     */
    public static synchronized Endpoint logicalEndpoint() throws SQLException {
        Endpoint server = endpoint();
        try (Connection connection = jdbc(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("show wal_level")) {
            result.next();
            String level = result.getString(1);
            if (!"logical".equals(level)) {
                String reason = "the PostgreSQL server for tests has wal_level=" + level + "; change capture needs logical";
                if ("1".equals(System.getenv("PZ_REQUIRE_SERVICES"))) {
                    Assertions.fail(reason + " (PZ_REQUIRE_SERVICES=1)");
                }
                Assumptions.abort(reason);
            }
        }
        return server;
    }

    /**
     * A login role whose password the server checks, for failure-message tests. The embedded server
     * trusts every local login, so a scram-sha-256 rule for this role goes first in its pg_hba.conf;
     * a server from {@code PZ_TEST_PG_URL} that does not check passwords skips the caller.
     */
    public static synchronized Endpoint passwordEndpoint() throws Exception {
        Endpoint server = endpoint();
        if (passwordEndpoint == null) {
            String password = "pz-Secret-" + Long.toHexString(System.nanoTime());
            try (Connection connection = jdbc(); Statement statement = connection.createStatement()) {
                statement.execute("do $$ begin create role " + PASSWORD_ROLE + " login; "
                        + "exception when duplicate_object then null; end $$");
                statement.execute("alter role " + PASSWORD_ROLE + " with login password '" + password + "'");
                if (embedded) {
                    Path hba;
                    try (ResultSet result = statement.executeQuery("show hba_file")) {
                        result.next();
                        hba = Path.of(result.getString(1));
                    }
                    String rules = Files.readString(hba);
                    String rule = "host all " + PASSWORD_ROLE + " all scram-sha-256\n";
                    if (!rules.startsWith(rule)) {
                        Files.writeString(hba, rule + rules);
                    }
                    statement.execute("select pg_reload_conf()");
                }
            }
            passwordEndpoint = new Endpoint(server.host(), server.port(), server.database(), PASSWORD_ROLE, password);
            awaitPasswordCheck(passwordEndpoint);
        }
        return passwordEndpoint;
    }

    private static void awaitPasswordCheck(Endpoint role) throws InterruptedException {
        Properties properties = new Properties();
        properties.setProperty("user", role.user());
        properties.setProperty("password", role.password() + "-wrong");
        for (int attempt = 0; attempt < 50; attempt++) {
            try {
                DriverManager.getConnection("jdbc:postgresql://" + role.host() + ":" + role.port() + "/"
                        + role.database(), properties).close();
                Thread.sleep(100);
            } catch (SQLException e) {
                return;
            }
        }
        Assumptions.abort("the PostgreSQL server accepts wrong passwords for " + role.user());
    }

    private static Endpoint parse(String url) {
        String plain = url.startsWith("jdbc:") ? url.substring("jdbc:".length()) : url;
        URI uri = URI.create(plain);
        String userInfo = uri.getUserInfo() == null ? "postgres:" : uri.getUserInfo();
        int colon = userInfo.indexOf(':');
        String user = colon < 0 ? userInfo : userInfo.substring(0, colon);
        String password = colon < 0 ? "" : userInfo.substring(colon + 1);
        String database = uri.getPath() == null || uri.getPath().length() <= 1 ? "postgres" : uri.getPath().substring(1);
        return new Endpoint(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), database, user, password);
    }

    /** A connection config for the shared server, with extra keys laid over it. */
    public static ConnectorConfig config(Object... extraKeysAndValues) {
        Endpoint server = endpoint();
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("host", server.host());
        values.put("port", (long) server.port());
        values.put("database", server.database());
        values.put("user", server.user());
        values.put("password", server.password());
        for (int i = 0; i < extraKeysAndValues.length; i += 2) {
            values.put((String) extraKeysAndValues[i], extraKeysAndValues[i + 1]);
        }
        return new ConnectorConfig(CONNECTION, values);
    }

    /** A plain JDBC connection (autocommit) for arranging and inspecting test data. */
    public static Connection jdbc() throws SQLException {
        Endpoint server = endpoint();
        Properties properties = new Properties();
        properties.setProperty("user", server.user());
        properties.setProperty("password", server.password());
        return DriverManager.getConnection(
                "jdbc:postgresql://" + server.host() + ":" + server.port() + "/" + server.database(), properties);
    }
}
