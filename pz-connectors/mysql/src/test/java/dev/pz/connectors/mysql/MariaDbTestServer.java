package dev.pz.connectors.mysql;

import dev.pz.connectors.api.ConnectorConfig;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The one MariaDB server the tests of a JVM share: the server named by {@code PZ_TEST_MYSQL_URL}
 * when set ({@code mysql://user:password@host:port/database}), else Debian's {@code mariadbd}
 * (package {@code mariadb-server}) started once per JVM on a free loopback port with its own data
 * directory under {@code target/}, created by {@code mariadb-install-db} and deleted by a shutdown
 * hook that stops the server. When neither is available the caller is skipped with the reason, or
 * fails when {@code PZ_REQUIRE_SERVICES=1}. Public, and shipped in the module's test-jar, for
 * pz-cli's end-to-end tests.
 */
public final class MariaDbTestServer {

    public static final String CONNECTION = "my";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private static Endpoint endpoint;
    private static String unavailableReason;

    private MariaDbTestServer() {
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
            } catch (Exception e) {
                unavailableReason = "MariaDB unavailable for tests: " + e.getMessage();
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
        String url = System.getenv("PZ_TEST_MYSQL_URL");
        if (url != null && !url.isBlank()) {
            return parse(url);
        }
        Path server = executable("mariadbd", "/usr/sbin/mariadbd", "/usr/sbin/mysqld").orElseThrow(() ->
                new IllegalStateException("no mariadbd: install Debian's mariadb-server (apt-get install -y mariadb-server)"));
        Path installer = executable("mariadb-install-db", "/usr/bin/mariadb-install-db", "/usr/bin/mysql_install_db")
                .orElseThrow(() -> new IllegalStateException("no mariadb-install-db: install Debian's mariadb-server"));
        Path home = Files.createDirectories(Path.of("target").toAbsolutePath())
                .resolve("mariadb-" + ProcessHandle.current().pid());
        deleteRecursively(home);
        Path data = Files.createDirectories(home.resolve("data"));
        // A Unix socket path must stay short; the server listens on TCP, the socket only has to exist.
        Path socketDirectory = Files.createTempDirectory("pz-mdb");
        String user = System.getProperty("user.name");
        run(List.of(installer.toString(), "--no-defaults", "--datadir=" + data, "--user=" + user,
                "--auth-root-authentication-method=normal", "--skip-test-db"), home.resolve("install.log"));
        int port = freePort();
        Process process = new ProcessBuilder(server.toString(), "--no-defaults", "--datadir=" + data, "--user=" + user,
                "--port=" + port, "--bind-address=127.0.0.1", "--socket=" + socketDirectory.resolve("s"),
                "--pid-file=" + home.resolve("mariadb.pid"), "--log-error=" + home.resolve("error.log"),
                "--innodb-buffer-pool-size=64M", "--local-infile=1", "--max-connections=300")
                .redirectErrorStream(true).redirectOutput(home.resolve("stdout.log").toFile()).start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(process, home, socketDirectory),
                "pz-test-mariadb-stop"));
        String password = "pz-Secret-" + Long.toHexString(System.nanoTime());
        try (Connection root = awaitRoot(process, port, home)) {
            try (Statement statement = root.createStatement()) {
                statement.execute("create database if not exists pz_test");
                statement.execute("create user if not exists 'pz'@'%' identified by '" + password + "'");
                statement.execute("create user if not exists 'pz'@'localhost' identified by '" + password + "'");
                statement.execute("grant all on *.* to 'pz'@'%'");
                statement.execute("grant all on *.* to 'pz'@'localhost'");
            }
        }
        return new Endpoint("127.0.0.1", port, "pz_test", "pz", password);
    }

    private static Optional<Path> executable(String name, String... candidates) {
        List<Path> places = new ArrayList<>();
        for (String directory : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!directory.isBlank()) {
                places.add(Path.of(directory, name));
            }
        }
        for (String candidate : candidates) {
            places.add(Path.of(candidate));
        }
        return places.stream().filter(Files::isExecutable).findFirst();
    }

    private static void run(List<String> command, Path log) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException(command.get(0) + " failed: " + Files.readString(log).strip());
        }
    }

    /** Connects as root once the server accepts connections; fails when it exits or takes too long. */
    private static Connection awaitRoot(Process process, int port, Path home) throws Exception {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        Properties properties = new Properties();
        properties.setProperty("user", "root");
        SQLException last = null;
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("mariadbd exited: " + tail(home.resolve("error.log")));
            }
            try {
                return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/mysql", properties);
            } catch (SQLException e) {
                last = e;
                process.waitFor(100, TimeUnit.MILLISECONDS);
            }
        }
        throw new IllegalStateException("mariadbd did not accept connections within " + START_TIMEOUT + ": " + last);
    }

    private static String tail(Path log) throws IOException {
        if (!Files.exists(log)) {
            return "(no error log)";
        }
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
    }

    private static void stop(Process process, Path home, Path socketDirectory) {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        deleteRecursively(home);
        deleteRecursively(socketDirectory);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void deleteRecursively(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // Left for the next clean build.
        }
    }

    private static Endpoint parse(String url) {
        URI uri = URI.create(url.startsWith("jdbc:") ? url.substring("jdbc:".length()) : url);
        String userInfo = uri.getUserInfo() == null ? "root:" : uri.getUserInfo();
        int colon = userInfo.indexOf(':');
        String database = uri.getPath() == null || uri.getPath().length() <= 1 ? "pz_test" : uri.getPath().substring(1);
        return new Endpoint(uri.getHost(), uri.getPort() < 0 ? 3306 : uri.getPort(), database,
                colon < 0 ? userInfo : userInfo.substring(0, colon), colon < 0 ? "" : userInfo.substring(colon + 1));
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
        return DriverManager.getConnection("jdbc:mariadb://" + server.host() + ":" + server.port() + "/"
                + server.database(), properties);
    }

    /** Runs statements on the shared server. */
    public static void execute(String... statements) throws SQLException {
        try (Connection connection = jdbc()) {
            for (String sql : statements) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute(sql);
                }
            }
        }
    }

    /** Every row of a query, each as its values' text joined by {@code |}. */
    public static List<String> rows(String sql) throws SQLException {
        try (Connection connection = jdbc(); Statement statement = connection.createStatement();
                var result = statement.executeQuery(sql)) {
            List<String> rows = new ArrayList<>();
            while (result.next()) {
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= result.getMetaData().getColumnCount(); i++) {
                    values.add(String.valueOf(result.getObject(i)));
                }
                rows.add(String.join("|", values));
            }
            return rows;
        }
    }
}
