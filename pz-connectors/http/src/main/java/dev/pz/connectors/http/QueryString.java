package dev.pz.connectors.http;

import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Reading and setting one query parameter of a URI, keeping the others as they were written. */
final class QueryString {

    private QueryString() {
    }

    /** {@code uri} with parameter {@code name} set to {@code value} (replacing every earlier value). */
    static URI with(URI uri, String name, String value) {
        StringBuilder query = new StringBuilder();
        String raw = uri.getRawQuery();
        if (raw != null && !raw.isEmpty()) {
            for (String pair : raw.split("&")) {
                if (!pair.isEmpty() && !decode(nameOf(pair)).equals(name)) {
                    query.append(query.isEmpty() ? "" : "&").append(pair);
                }
            }
        }
        query.append(query.isEmpty() ? "" : "&").append(encode(name)).append('=').append(encode(value));
        return withRawQuery(uri, query.toString());
    }

    /** The first value of parameter {@code name}, decoded. */
    static Optional<String> get(URI uri, String name) {
        String raw = uri.getRawQuery();
        if (raw == null) {
            return Optional.empty();
        }
        for (String pair : raw.split("&")) {
            if (!pair.isEmpty() && decode(nameOf(pair)).equals(name)) {
                int equals = pair.indexOf('=');
                return Optional.of(equals < 0 ? "" : decode(pair.substring(equals + 1)));
            }
        }
        return Optional.empty();
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return text;
        }
    }

    private static String nameOf(String pair) {
        int equals = pair.indexOf('=');
        return equals < 0 ? pair : pair.substring(0, equals);
    }

    private static URI withRawQuery(URI uri, String rawQuery) {
        StringBuilder text = new StringBuilder();
        text.append(uri.getScheme()).append("://").append(uri.getRawAuthority());
        text.append(uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath());
        if (!rawQuery.isEmpty()) {
            text.append('?').append(rawQuery);
        }
        return URI.create(text.toString());
    }
}
