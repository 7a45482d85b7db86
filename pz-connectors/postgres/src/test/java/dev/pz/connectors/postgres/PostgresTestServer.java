package dev.pz.connectors.postgres;

import dev.pz.connectors.api.ConnectorConfig;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The one PostgreSQL server the module's tests share (DESIGN.md §6): the server named by
 * {@code PZ_TEST_PG_URL} when set ({@code postgresql://user:password@host:port/database}), else an
 * embedded PostgreSQL started once per JVM from the zonky binaries and stopped by a shutdown hook.
 * When neither is available the calling test is skipped with the reason, or fails when
 * {@code PZ_REQUIRE_SERVICES=1}.
 */
final class PostgresTestServer {

    static final String CONNECTION = "pg";

    private static Endpoint endpoint;
    private static String unavailableReason;

    private PostgresTestServer() {
    }

    /** Host, port, database and credentials of the shared server. */
    record Endpoint(String host, int port, String database, String user, String password) {
        @Override
        public String toString() {
            return "Endpoint[" + host + ":" + port + "/" + database + " as " + user + "]";
        }
    }

    /** The shared server, starting it on first use; skips (or fails) the caller when unavailable. */
    static synchronized Endpoint endpoint() {
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
        EmbeddedPostgres server = EmbeddedPostgres.builder().start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (Exception e) {
                // The JVM is exiting; a server that does not stop cleanly dies with its data directory.
            }
        }, "pz-test-postgres-stop"));
        return new Endpoint("127.0.0.1", server.getPort(), "postgres", "postgres", "postgres");
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
    static ConnectorConfig config(Object... extraKeysAndValues) {
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
    static Connection jdbc() throws SQLException {
        Endpoint server = endpoint();
        Properties properties = new Properties();
        properties.setProperty("user", server.user());
        properties.setProperty("password", server.password());
        return DriverManager.getConnection(
                "jdbc:postgresql://" + server.host() + ":" + server.port() + "/" + server.database(), properties);
    }
}
