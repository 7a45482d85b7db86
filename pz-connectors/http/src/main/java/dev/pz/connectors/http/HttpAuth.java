package dev.pz.connectors.http;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The credentials of a connection's {@code auth:} block, applied to every request: a bearer token
 * or basic credentials in {@code Authorization}, or an API key in a header or a query parameter.
 * OAuth flows are not part of the connector.
 */
final class HttpAuth {

    static final HttpAuth NONE = new HttpAuth(null, null, null, null, List.of());

    private static final Map<String, Set<String>> FIELDS = Map.of("bearer", Set.of("token"), "basic",
            Set.of("user", "password"), "api_key", Set.of("key", "header", "param"));

    private final String headerName;
    private final String headerValue;
    private final String paramName;
    private final String paramValue;
    private final List<String> secrets;

    private HttpAuth(String headerName, String headerValue, String paramName, String paramValue, List<String> secrets) {
        this.headerName = headerName;
        this.headerValue = headerValue;
        this.paramName = paramName;
        this.paramValue = paramValue;
        this.secrets = List.copyOf(secrets);
    }

    /** What is wrong with an {@code auth:} block, one message each; never a credential. */
    static List<String> problems(Map<String, Object> auth) {
        List<String> problems = new ArrayList<>();
        String type = text(auth, "type");
        if (type == null) {
            problems.add("'auth' needs a type (accepted: api_key, bearer, basic)");
            return problems;
        }
        Set<String> fields = FIELDS.get(type);
        if (fields == null) {
            problems.add("unknown auth type '" + type + "' (accepted: api_key, bearer, basic)");
            return problems;
        }
        for (String key : auth.keySet()) {
            if (!key.equals("type") && !fields.contains(key)) {
                problems.add("auth type '" + type + "' does not take '" + key + "' (it takes " + String.join(", ",
                        fields.stream().sorted().toList()) + ")");
            }
            Object value = auth.get(key);
            if (value instanceof Map || value instanceof List) {
                problems.add("auth field '" + key + "' must be a single value");
            }
        }
        switch (type) {
            case "bearer" -> {
                if (blank(auth, "token")) {
                    problems.add("auth type 'bearer' requires 'token'");
                }
            }
            case "basic" -> {
                if (blank(auth, "user") || auth.get("password") == null) {
                    problems.add("auth type 'basic' requires 'user' and 'password'");
                }
            }
            default -> {
                if (blank(auth, "key")) {
                    problems.add("auth type 'api_key' requires 'key'");
                }
                if (blank(auth, "header") == blank(auth, "param")) {
                    problems.add("auth type 'api_key' requires exactly one of 'header' or 'param'");
                }
            }
        }
        return problems;
    }

    /** The credentials of a block {@link #problems} accepts; {@link #NONE} for none. */
    static HttpAuth of(Map<String, Object> auth) {
        if (auth == null) {
            return NONE;
        }
        return switch (text(auth, "type")) {
            case "bearer" -> new HttpAuth("Authorization", "Bearer " + text(auth, "token"), null, null,
                    List.of(text(auth, "token")));
            case "basic" -> {
                String password = text(auth, "password");
                String encoded = Base64.getEncoder().encodeToString((text(auth, "user") + ":" + password)
                        .getBytes(StandardCharsets.UTF_8));
                yield new HttpAuth("Authorization", "Basic " + encoded, null, null, List.of(password, encoded));
            }
            default -> blank(auth, "header")
                    ? new HttpAuth(null, null, text(auth, "param"), text(auth, "key"), List.of(text(auth, "key")))
                    : new HttpAuth(text(auth, "header"), text(auth, "key"), null, null, List.of(text(auth, "key")));
        };
    }

    /** The header this auth sends, if it sends one. */
    Optional<Map.Entry<String, String>> header() {
        return headerName == null ? Optional.empty() : Optional.of(Map.entry(headerName, headerValue));
    }

    /** The request URI with the API key parameter set, when the key travels in the query. */
    java.net.URI onto(java.net.URI uri) {
        return paramName == null ? uri : QueryString.with(uri, paramName, paramValue);
    }

    /** The query parameter holding the key, if any: its value is masked wherever a URI is shown. */
    Optional<String> parameter() {
        return Optional.ofNullable(paramName);
    }

    /** Values never to be shown. */
    List<String> secrets() {
        return secrets;
    }

    private static String text(Map<String, Object> auth, String key) {
        Object value = auth.get(key);
        return value == null || value instanceof Map || value instanceof List ? null : String.valueOf(value);
    }

    private static boolean blank(Map<String, Object> auth, String key) {
        String value = text(auth, key);
        return value == null || value.isBlank();
    }
}
