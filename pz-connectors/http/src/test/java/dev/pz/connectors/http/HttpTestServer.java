package dev.pz.connectors.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server on a free loopback port, in the test JVM: JDK's {@code HttpServer} answering
 * each path with a scripted handler and recording every request (method, URI, headers, body).
 * Besides normal answers it can stall: never answer until it closes, like a black-holed endpoint.
 */
public final class HttpTestServer implements AutoCloseable {

    /** One request as the server saw it. */
    public record Request(String method, URI uri, Map<String, List<String>> headers, String body) {
        public String query() {
            return uri.getRawQuery() == null ? "" : uri.getRawQuery();
        }

        public Optional<String> header(String name) {
            return headers.entrySet().stream().filter(entry -> entry.getKey().equalsIgnoreCase(name))
                    .map(entry -> entry.getValue().get(0)).findFirst();
        }

        /** The decoded value of query parameter {@code name}. */
        public Optional<String> param(String name) {
            return QueryString.get(uri, name);
        }
    }

    /** An answer: status, body, headers; or a stall. */
    public record Reply(int status, String body, Map<String, String> headers, Kind kind) {
        enum Kind { NORMAL, STALL }

        public static Reply json(String body) {
            return new Reply(200, body, Map.of(), Kind.NORMAL);
        }

        public static Reply status(int status, String body) {
            return new Reply(status, body, Map.of(), Kind.NORMAL);
        }

        /** Never answers until the server closes. */
        public static Reply stall() {
            return new Reply(200, "", Map.of(), Kind.STALL);
        }

        public Reply with(String header, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(header, value);
            return new Reply(status, body, more, kind);
        }
    }

    /** Answers a request; {@code index} counts the requests to the same route from 0. */
    @FunctionalInterface
    public interface Handler {
        Reply handle(Request request, int index);
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(8);
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch closing = new CountDownLatch(1);

    private HttpTestServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.start();
    }

    public static HttpTestServer start() {
        try {
            return new HttpTestServer();
        } catch (IOException e) {
            throw new IllegalStateException("could not start the test HTTP server", e);
        }
    }

    /** {@code http://127.0.0.1:<port>/}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** Answers every request whose path starts with {@code prefix} (the longest route wins). */
    public HttpTestServer route(String prefix, Handler handler) {
        AtomicInteger count = new AtomicInteger();
        server.createContext(prefix, exchange -> answer(exchange, handler, count.getAndIncrement()));
        return this;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The requests to paths starting with {@code prefix}. */
    public List<Request> requests(String prefix) {
        return requests.stream().filter(request -> request.uri().getPath().startsWith(prefix)).toList();
    }

    private void answer(HttpExchange exchange, Handler handler, int index) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            URI uri = URI.create(baseUrl()).resolve(exchange.getRequestURI());
            Request request = new Request(exchange.getRequestMethod(), uri, Map.copyOf(exchange.getRequestHeaders()),
                    body);
            requests.add(request);
            Reply reply = handler.handle(request, index);
            if (reply.kind() == Reply.Kind.STALL) {
                closing.await(60, TimeUnit.SECONDS);
                return;
            }
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            if (!reply.headers().containsKey("Content-Type")) {
                exchange.getResponseHeaders().add("Content-Type", "application/json");
            }
            exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // The client went away (a cancelled or timed-out request); nothing is left to answer.
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
