package dev.pz.testing.state;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP state service in the test JVM, speaking pz's http state protocol (docs/state-backends.md):
 * entries at {@code <base>/<scope>/<key>} with a 1-based integer version as a quoted {@code ETag};
 * {@code GET} a key answers 200 or 204 (absent or removed); {@code GET} a scope lists
 * {@code {"entries":[{"key","payload","version"}]}}; {@code PUT} with {@code If-Match} replaces that
 * version, without it creates an absent key; {@code DELETE} leaves a tombstone, so a re-created key
 * continues its version count; a stale precondition is 412. With a token, every request must carry
 * {@code Authorization: Bearer <token>} (else 401); a path outside the base is 404. It can answer
 * 503 to the next requests, to exercise a client's retries.
 */
public final class HttpStateServer implements AutoCloseable {
    private static final String BASE = "/state/project";

    private record Stored(String payload, long version, boolean removed) {
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(16);
    private final String token;
    private final Map<String, Map<String, Stored>> scopes = new TreeMap<>();
    private final AtomicInteger unavailable = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile String lastAuthorization;

    private HttpStateServer(String token) throws IOException {
        this.token = token;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** Starts a server on a free loopback port; {@code token} null accepts every request. */
    public static HttpStateServer start(String token) {
        try {
            return new HttpStateServer(token);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The base URL to give pz ({@code state.url}, {@code --state-url}). */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + BASE;
    }

    /** The next {@code count} requests are answered 503 with {@code Retry-After: 0}. */
    public void failNext(int count) {
        unavailable.set(count);
    }

    public int requests() {
        return requests.get();
    }

    /** The {@code Authorization} header of the latest request, or null. */
    public String lastAuthorization() {
        return lastAuthorization;
    }

    /** The payload stored under {@code scope}/{@code key}, or null when none is. */
    public synchronized String payload(String scope, String key) {
        Stored stored = scopes.getOrDefault(scope, Map.of()).get(key);
        return stored == null || stored.removed() ? null : stored.payload();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            requests.incrementAndGet();
            lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
            if (unavailable.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                exchange.getResponseHeaders().set("Retry-After", "0");
                respond(exchange, 503, null, null);
                return;
            }
            if (token != null && !("Bearer " + token).equals(lastAuthorization)) {
                respond(exchange, 401, null, null);
                return;
            }
            String path = exchange.getRequestURI().getRawPath();
            if (!path.startsWith(BASE + "/")) {
                respond(exchange, 404, null, null);
                return;
            }
            String[] parts = path.substring(BASE.length() + 1).split("/", -1);
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (parts.length == 1 && exchange.getRequestMethod().equals("GET")) {
                respond(exchange, 200, list(parts[0]), null);
            } else if (parts.length == 2) {
                String key = URLDecoder.decode(parts[1], StandardCharsets.UTF_8);
                keyed(exchange, parts[0], key, body);
            } else {
                respond(exchange, 404, null, null);
            }
        }
    }

    private void keyed(HttpExchange exchange, String scope, String key, String body) throws IOException {
        String ifMatch = exchange.getRequestHeaders().getFirst("If-Match");
        Long expected = ifMatch == null ? null : Long.parseLong(ifMatch.replace("W/", "").replace("\"", "").trim());
        int status;
        String responseBody = null;
        Long version = null;
        synchronized (this) {
            Map<String, Stored> entries = scopes.computeIfAbsent(scope, name -> new TreeMap<>());
            Stored current = entries.get(key);
            boolean live = current != null && !current.removed();
            switch (exchange.getRequestMethod()) {
                case "GET" -> {
                    status = live ? 200 : 204;
                    responseBody = live ? current.payload() : null;
                    version = live ? current.version() : null;
                }
                case "PUT" -> {
                    boolean matches = expected == null ? !live : live && current.version() == expected;
                    if (matches) {
                        long next = current == null ? 1 : current.version() + 1;
                        entries.put(key, new Stored(body, next, false));
                        status = 204;
                        version = next;
                    } else {
                        status = 412;
                    }
                }
                case "DELETE" -> {
                    if (expected != null && !(live && current.version() == expected)) {
                        status = 412;
                    } else {
                        if (live) {
                            entries.put(key, new Stored(current.payload(), current.version() + 1, true));
                        }
                        status = 204;
                    }
                }
                default -> status = 405;
            }
        }
        respond(exchange, status, responseBody, version);
    }

    private synchronized String list(String scope) {
        StringBuilder json = new StringBuilder("{\"entries\":[");
        String separator = "";
        for (Map.Entry<String, Stored> entry : scopes.getOrDefault(scope, Map.of()).entrySet()) {
            if (entry.getValue().removed()) {
                continue;
            }
            json.append(separator).append("{\"key\":").append(quote(entry.getKey())).append(",\"payload\":")
                    .append(quote(entry.getValue().payload())).append(",\"version\":").append(entry.getValue().version())
                    .append('}');
            separator = ",";
        }
        return json.append("]}").toString();
    }

    private static void respond(HttpExchange exchange, int status, String body, Long version) throws IOException {
        if (version != null) {
            exchange.getResponseHeaders().set("ETag", "\"" + version + "\"");
        }
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (bytes.length == 0) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static String quote(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c < 0x20) {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
