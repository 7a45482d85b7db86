package dev.pz.connectors.gcs;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback HTTP server answering the part of Cloud Storage's JSON API that pz uses (object list,
 * media download, multipart and resumable upload) and an OAuth token endpoint. Storage requests must
 * carry the bearer token the token endpoint issued; others get 401. It stands in for Google only
 * as far as the wire shapes go: it checks no JWT signature and no IAM permission.
 */
public final class JsonApiTestServer implements AutoCloseable {

    public static final String TOKEN = "pz-test-access-token";

    private final HttpServer server;
    private final Map<String, byte[]> objects = new ConcurrentHashMap<>();
    private final Map<String, String> sessions = new ConcurrentHashMap<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private volatile boolean refuseTokens;

    private JsonApiTestServer(HttpServer server) {
        this.server = server;
    }

    public static JsonApiTestServer start() {
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            JsonApiTestServer fake = new JsonApiTestServer(http);
            http.createContext("/", fake::handle);
            http.start();
            return fake;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public void put(String bucket, String name, String text) {
        objects.put(bucket + "/" + name, text.getBytes(StandardCharsets.UTF_8));
    }

    public String get(String bucket, String name) {
        byte[] bytes = objects.get(bucket + "/" + name);
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    /** From now on every storage request is answered 401, as for a revoked key. */
    public void refuseTokens() {
        refuseTokens = true;
    }

    /** Method and path of every request, in order. */
    public List<String> requests() {
        return requests;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getRawPath();
            String query = exchange.getRequestURI().getRawQuery() == null ? "" : exchange.getRequestURI().getRawQuery();
            requests.add(method + " " + path);
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (path.equals("/token")) {
                reply(exchange, 200, "{\"access_token\":\"" + TOKEN + "\",\"expires_in\":3600,\"token_type\":\"Bearer\"}");
                return;
            }
            if (refuseTokens || !("Bearer " + TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                reply(exchange, 401, "{\"error\":{\"code\":401,\"message\":\"Invalid Credentials\"}}");
                return;
            }
            String[] parts = path.split("/");
            if (method.equals("GET") && path.startsWith("/storage/v1/b/") && parts.length == 6 && parts[5].equals("o")) {
                list(exchange, decode(parts[4]), parameter(query, "prefix"));
            } else if (method.equals("GET") && path.contains("/o/")) {
                String bucket = decode(path.split("/b/")[1].split("/")[0]);
                String name = decode(path.substring(path.indexOf("/o/") + 3));
                byte[] bytes = objects.get(bucket + "/" + name);
                if (bytes == null) {
                    reply(exchange, 404, "{\"error\":{\"code\":404,\"message\":\"No such object\"}}");
                } else if (query.contains("alt=media")) {
                    exchange.sendResponseHeaders(200, bytes.length == 0 ? -1 : bytes.length);
                    exchange.getResponseBody().write(bytes);
                } else {
                    reply(exchange, 200, metadata(bucket, name, bytes.length));
                }
            } else if (method.equals("POST") && path.startsWith("/upload/storage/v1/b/")) {
                String bucket = decode(parts[5]);
                if (query.contains("uploadType=resumable")) {
                    String name = jsonField(new String(body, StandardCharsets.UTF_8), "name");
                    String id = Integer.toString(sessions.size() + 1);
                    sessions.put(id, bucket + "/" + name);
                    exchange.getResponseHeaders().add("Location", baseUrl() + "/resumable/" + id);
                    reply(exchange, 200, "");
                } else {
                    multipart(exchange, bucket, body);
                }
            } else if (method.equals("PUT") && path.startsWith("/resumable/")) {
                String target = sessions.get(path.substring("/resumable/".length()));
                byte[] previous = objects.getOrDefault("pending:" + target, new byte[0]);
                byte[] joined = new byte[previous.length + body.length];
                System.arraycopy(previous, 0, joined, 0, previous.length);
                System.arraycopy(body, 0, joined, previous.length, body.length);
                String range = exchange.getRequestHeaders().getFirst("Content-Range");
                if (range != null && range.endsWith("/*")) {
                    objects.put("pending:" + target, joined);
                    exchange.getResponseHeaders().add("Range", "bytes=0-" + (joined.length - 1));
                    reply(exchange, 308, "");
                    return;
                }
                objects.remove("pending:" + target);
                objects.put(target, joined);
                int slash = target.indexOf('/');
                reply(exchange, 200, metadata(target.substring(0, slash), target.substring(slash + 1), joined.length));
            } else {
                reply(exchange, 400, "{\"error\":{\"code\":400,\"message\":\"not served by the test server: " + method
                        + " " + path + "\"}}");
            }
        }
    }

    private void list(HttpExchange exchange, String bucket, String prefix) throws IOException {
        List<String> items = new ArrayList<>();
        new TreeMap<>(objects).forEach((key, bytes) -> {
            if (key.startsWith(bucket + "/") && key.substring(bucket.length() + 1).startsWith(prefix)) {
                items.add(metadata(bucket, key.substring(bucket.length() + 1), bytes.length));
            }
        });
        reply(exchange, 200, "{\"kind\":\"storage#objects\",\"items\":[" + String.join(",", items) + "]}");
    }

    /** {@code multipart/related}: a JSON metadata part, then the media part. */
    private void multipart(HttpExchange exchange, String bucket, byte[] body) throws IOException {
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        String boundary = "--" + type.substring(type.indexOf("boundary=") + 9).replace("\"", "").replace("'", "");
        String text = new String(body, StandardCharsets.ISO_8859_1);
        String[] sections = text.split(java.util.regex.Pattern.quote(boundary));
        String metadata = sections[1].substring(sections[1].indexOf("\r\n\r\n") + 4);
        String media = sections[2].substring(sections[2].indexOf("\r\n\r\n") + 4);
        media = media.substring(0, media.length() - 2);
        String name = jsonField(metadata, "name");
        byte[] bytes = media.getBytes(StandardCharsets.ISO_8859_1);
        objects.put(bucket + "/" + name, bytes);
        reply(exchange, 200, metadata(bucket, name, bytes.length));
    }

    private static String metadata(String bucket, String name, long size) {
        return "{\"kind\":\"storage#object\",\"bucket\":\"" + bucket + "\",\"name\":\"" + name + "\",\"size\":\"" + size
                + "\",\"generation\":\"1\",\"metageneration\":\"1\"}";
    }

    private static String jsonField(String json, String field) {
        int at = json.indexOf("\"" + field + "\"");
        int start = json.indexOf('"', json.indexOf(':', at) + 1) + 1;
        return json.substring(start, json.indexOf('"', start));
    }

    private static String parameter(String query, String name) {
        for (String pair : query.split("&")) {
            if (pair.startsWith(name + "=")) {
                return decode(pair.substring(name.length() + 1));
            }
        }
        return "";
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    private static void reply(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json; charset=UTF-8");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
