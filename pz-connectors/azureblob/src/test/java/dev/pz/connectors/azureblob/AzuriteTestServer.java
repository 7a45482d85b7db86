package dev.pz.connectors.azureblob;

import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Azure Blob API server for tests: Azurite 3.35.0 from npm, in memory, on a free loopback port,
 * with the emulator's well-known account. It lives in {@code ${PZ_TOOLS_DIR:-~/.cache/pz}/azurite-3.35.0};
 * {@code .ci/run} installs it there, and a first test on a machine without it installs it with npm. A
 * test that cannot get it is skipped with the reason, except under {@code PZ_REQUIRE_SERVICES=1}.
 */
public final class AzuriteTestServer implements AutoCloseable {

    public static final String VERSION = "3.35.0";
    public static final String ACCOUNT = "devstoreaccount1";
    public static final String KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    private static final long START_TIMEOUT_SECONDS = 60;

    private final Process process;
    private final int port;
    private final Path location;
    private final String scheme;

    private AzuriteTestServer(Process process, int port, Path location, String scheme) {
        this.process = process;
        this.port = port;
        this.location = location;
        this.scheme = scheme;
    }

    public static AzuriteTestServer start() {
        return start(List.of(), "http");
    }

    /**
     * A server over HTTPS with {@code pfx} (a PKCS#12 key and certificate) that also accepts Azure AD
     * bearer tokens ({@code --oauth basic}: it checks a token's issuer, audience and lifetime, not its
     * signature). Shared keys still work, for arranging the contents.
     */
    public static AzuriteTestServer startWithOAuth(Path pfx, String password) {
        return start(List.of("--oauth", "basic", "--cert", pfx.toString(), "--pwd", password), "https");
    }

    private static AzuriteTestServer start(List<String> options, String scheme) {
        try {
            Path binary = installed();
            int port = freePort();
            Path location = Files.createTempDirectory("pz-azurite-");
            List<String> command = new ArrayList<>(List.of(binary.toString(), "--blobHost", "127.0.0.1", "--blobPort",
                    Integer.toString(port), "--inMemoryPersistence", "--disableTelemetry", "--skipApiVersionCheck"));
            command.addAll(options);
            Process process = new ProcessBuilder(command).directory(location.toFile()).redirectErrorStream(true)
                    .start();
            awaitListening(process);
            return new AzuriteTestServer(process, port, location, scheme);
        } catch (IOException | RuntimeException e) {
            return unavailable(e.getMessage());
        }
    }

    private static AzuriteTestServer unavailable(String reason) {
        if ("1".equals(System.getenv("PZ_REQUIRE_SERVICES"))) {
            throw new IllegalStateException("Azurite is unavailable: " + reason);
        }
        Assumptions.abort("Azurite is unavailable: " + reason);
        return null;
    }

    /** The azurite-blob launcher, installed with npm into the tools directory when missing. */
    static synchronized Path installed() throws IOException {
        String tools = System.getenv("PZ_TOOLS_DIR");
        Path home = (tools == null || tools.isBlank() ? Path.of(System.getProperty("user.home"), ".cache", "pz")
                : Path.of(tools)).resolve("azurite-" + VERSION);
        Path binary = home.resolve("node_modules/.bin/azurite-blob");
        if (Files.isExecutable(binary)) {
            return binary;
        }
        Files.createDirectories(home);
        Process npm = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix",
                home.toString(), "azurite@" + VERSION).redirectErrorStream(true).start();
        String output = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (npm.waitFor() != 0 || !Files.isExecutable(binary)) {
                throw new IOException("npm install azurite@" + VERSION + " failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted installing azurite", e);
        }
        return binary;
    }

    /** Reads Azurite's output until it says the blob service listens, or it exits, or the timeout passes. */
    private static void awaitListening(Process process) throws IOException {
        List<String> lines = new ArrayList<>();
        // The reader stays open for the server's life: closing the pipe would kill Azurite at its next line.
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Boolean> listening = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                    if (line.contains("successfully listens on")) {
                        drain(reader);
                        return true;
                    }
                }
                return false;
            } catch (IOException e) {
                return false;
            }
        });
        boolean started;
        try {
            started = listening.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            started = false;
        }
        if (!started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            synchronized (lines) {
                throw new IOException("azurite-blob did not start: " + String.join(" | ", lines));
            }
        }
    }

    /** Keeps reading Azurite's output so that it never blocks on a full pipe. */
    private static void drain(BufferedReader reader) {
        Thread thread = new Thread(() -> {
            try {
                while (reader.readLine() != null) {
                    // Discarded: the test asserts through the API, not the server's log.
                }
            } catch (IOException ignored) {
                // The server stopped.
            }
        }, "azurite-output");
        thread.setDaemon(true);
        thread.start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:<port>/devstoreaccount1} ({@code https} with OAuth). */
    public String blobEndpoint() {
        return scheme + "://127.0.0.1:" + port + "/" + ACCOUNT;
    }

    public String connectionString() {
        return "DefaultEndpointsProtocol=" + scheme + ";AccountName=" + ACCOUNT + ";AccountKey=" + KEY + ";BlobEndpoint="
                + blobEndpoint() + ";";
    }

    /** A connection's keys for this server with {@code auth: account_key}. */
    public Map<String, Object> connection() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("auth", "account_key");
        values.put("account_name", ACCOUNT);
        values.put("account_key", KEY);
        values.put("endpoint", blobEndpoint());
        return values;
    }

    /** The same as {@link #connection} in connections.yml form, indented by two spaces. */
    public String connectionYaml() {
        StringBuilder yaml = new StringBuilder();
        connection().forEach((key, value) -> yaml.append("  ").append(key).append(": ").append(value).append('\n'));
        return yaml.toString();
    }

    /** A client for arranging and inspecting the server's contents. */
    public BlobServiceClient client() {
        return new BlobServiceClientBuilder().connectionString(connectionString()).buildClient();
    }

    public void createContainer(String name) {
        client().createBlobContainer(name);
    }

    /** Stops the server and every process it started. Idempotent. */
    public void stop() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (var files = Files.walk(location)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException ignored) {
            // Best effort: an empty temp directory.
        }
    }

    @Override
    public void close() {
        stop();
    }
}
