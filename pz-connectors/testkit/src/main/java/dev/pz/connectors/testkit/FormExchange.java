package dev.pz.connectors.testkit;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The two halves of a form-posting protocol for the identity endpoints tests stand up (STS's query
 * protocol, OAuth token requests): the request body's fields, and an answer of a status and a body.
 */
public final class FormExchange {

    private FormExchange() {
    }

    /** The fields of an {@code application/x-www-form-urlencoded} body, in order. */
    public static Map<String, String> fields(String body) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0) {
                fields.put(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
        }
        return fields;
    }

    /** Answers {@code exchange} with {@code status} and {@code body} of {@code contentType}. */
    public static void respond(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
