package dev.pz.connectors.sqlserver;

import com.microsoft.sqlserver.jdbc.SQLServerDriver;
import dev.pz.connectors.api.ConnectorConfig;
import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mssqlserver.MSSQLServerContainer;

/**
 * The one SQL Server the module's live tests share: the server named by {@code PZ_TEST_MSSQL_URL}
 * (a JDBC URL, e.g. {@code jdbc:sqlserver://127.0.0.1:1433;databaseName=pz;user=sa;password=…;
 * trustServerCertificate=true}), else a {@code mcr.microsoft.com/mssql/server:2022-latest}
 * container started once per JVM through Testcontainers when a Docker engine answers. When neither
 * is available the calling test is skipped with the reason printed.
 *
 * <p>SQL Server is the one service exempt from {@code PZ_REQUIRE_SERVICES=1}: no SQL Server can be
 * installed from the registries CI may use (Maven Central, Debian, npm) and CI has no Docker engine,
 * so under that setting these tests still skip rather than fail. Where a server exists, set
 * {@code PZ_TEST_MSSQL_URL} and they run. Public, and in the module's test-jar, for pz-cli's
 * end-to-end tests.
 */
public final class SqlServerTestServer {

    public static final String CONNECTION = "ms";
    static final String IMAGE = "mcr.microsoft.com/mssql/server:2022-latest";
    static final String EXEMPTION = "SQL Server is exempt from PZ_REQUIRE_SERVICES: no SQL Server can run on the "
            + "machines CI uses";

    private static final AtomicLong NAMES = new AtomicLong();
    private static Endpoint endpoint;
    private static String unavailableReason;

    private SqlServerTestServer() {
    }

    /** Where the server is and how to log in. */
    public record Endpoint(String host, int port, String database, String user, String password, boolean trustCertificate) {
        @Override
        public String toString() {
            return "Endpoint[" + host + ":" + port + "/" + database + " as " + user + "]";
        }
    }

    /** The shared server, starting it on first use; skips the caller, with the reason, when unavailable. */
    public static synchronized Endpoint endpoint() {
        if (endpoint == null && unavailableReason == null) {
            try {
                endpoint = start();
            } catch (Exception | LinkageError e) {
                unavailableReason = "SQL Server unavailable for tests: " + e.getMessage();
            }
            if (endpoint == null && unavailableReason != null) {
                System.err.println("SKIP sqlserver live tests: " + unavailableReason + " (" + EXEMPTION + ")");
            }
        }
        if (endpoint == null) {
            Assumptions.abort(unavailableReason + " (" + EXEMPTION + ")");
        }
        return endpoint;
    }

    private static Endpoint start() throws Exception {
        String url = System.getenv("PZ_TEST_MSSQL_URL");
        if (url != null && !url.isBlank()) {
            return parse(url);
        }
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new IllegalStateException("PZ_TEST_MSSQL_URL is not set and no Docker engine answers to start "
                    + IMAGE);
        }
        @SuppressWarnings("resource")
        MSSQLServerContainer container = new MSSQLServerContainer(IMAGE).acceptLicense()
                .withEnv("MSSQL_AGENT_ENABLED", "true"); // change capture needs the Agent
        container.start();
        Runtime.getRuntime().addShutdownHook(new Thread(container::stop, "pz-test-mssql-stop"));
        Endpoint master = new Endpoint(container.getHost(), container.getMappedPort(1433), "master",
                container.getUsername(), container.getPassword(), true);
        try (Connection connection = jdbc(master); Statement statement = connection.createStatement()) {
            statement.execute("create database pz_test");
        }
        return new Endpoint(master.host(), master.port(), "pz_test", master.user(), master.password(), true);
    }

    private static Endpoint parse(String url) throws SQLException {
        Map<String, String> values = new LinkedHashMap<>();
        for (DriverPropertyInfo property : new SQLServerDriver().getPropertyInfo(url, new Properties())) {
            values.put(property.name, property.value);
        }
        return new Endpoint(values.get("serverName"), Integer.parseInt(values.getOrDefault("portNumber", "1433")),
                values.getOrDefault("databaseName", "master"), values.get("user"), values.get("password"),
                "true".equalsIgnoreCase(values.get("trustServerCertificate")));
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
        values.put("trust_server_certificate", server.trustCertificate());
        for (int i = 0; i < extraKeysAndValues.length; i += 2) {
            values.put((String) extraKeysAndValues[i], extraKeysAndValues[i + 1]);
        }
        return new ConnectorConfig(CONNECTION, values);
    }

    /** A plain JDBC connection (autocommit) for arranging and inspecting test data. */
    public static Connection jdbc() throws SQLException {
        return jdbc(endpoint());
    }

    private static Connection jdbc(Endpoint server) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("serverName", server.host());
        properties.setProperty("portNumber", Integer.toString(server.port()));
        properties.setProperty("databaseName", server.database());
        properties.setProperty("user", server.user());
        properties.setProperty("password", server.password());
        properties.setProperty("trustServerCertificate", Boolean.toString(server.trustCertificate()));
        return new SQLServerDriver().connect("jdbc:sqlserver://", properties);
    }

    /** A table name no other test of this JVM uses. */
    public static String uniqueTable(String prefix) {
        return prefix + "_" + ProcessHandle.current().pid() + "_" + NAMES.incrementAndGet();
    }

    /** Runs statements on a fresh autocommit connection. */
    public static void execute(String... statements) throws SQLException {
        try (Connection connection = jdbc(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
