package dev.pz.connectors.http;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One http connection, read from its options: the base URL (always ending in {@code /}, so a
 * path prefix survives resolution), static headers, credentials, the request bound and the hosts
 * besides the base URL's origin that requests may go to.
 */
record HttpSettings(URI baseUri, Map<String, String> headers, HttpAuth auth, String checkPath, Duration timeout,
        long maxResponseBytes, List<String> allowHosts) {

    /** Headers the HTTP client sets itself; configuring one would fail every request. */
    private static final Set<String> CLIENT_HEADERS = Set.of("connection", "content-length", "expect", "host",
            "upgrade");

    static HttpSettings of(ConnectorConfig config) {
        List<String> problems = problems(config);
        if (!problems.isEmpty()) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, config.context() + ": "
                    + String.join("; ", problems), "fix the connection's options and re-run");
        }
        String base = config.get(HttpOptions.BASE_URL).strip();
        Map<String, String> headers = new LinkedHashMap<>();
        config.find(HttpOptions.HEADERS).ifPresent(written -> written.forEach((name, value) -> headers.put(name,
                String.valueOf(value))));
        return new HttpSettings(URI.create(base.endsWith("/") ? base : base + "/"), Map.copyOf(headers),
                HttpAuth.of(config.get(HttpOptions.AUTH)), config.get(HttpOptions.CHECK_PATH),
                Duration.ofSeconds(config.get(HttpOptions.TIMEOUT_SECONDS)),
                config.get(HttpOptions.MAX_RESPONSE_MB) * 1024L * 1024L,
                config.find(HttpOptions.ALLOW_HOSTS).orElse(List.of()));
    }

    /** Rules across a connection's options that the declarations cannot state; never a credential. */
    static List<String> problems(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        String base = config.get(HttpOptions.BASE_URL);
        if (base != null && HttpOptions.isHttpUrl(base) && URI.create(base.strip()).getRawQuery() != null) {
            problems.add("'base_url' must not hold a query; put parameters under a dataset's query:");
        }
        config.find(HttpOptions.AUTH).ifPresent(auth -> problems.addAll(HttpAuth.problems(auth)));
        config.find(HttpOptions.HEADERS).ifPresent(headers -> headers.forEach((name, value) -> {
            if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
                problems.add("header name '" + name + "' is not a valid HTTP header name");
            } else if (CLIENT_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                problems.add("header '" + name + "' is set by the HTTP client itself and cannot be configured");
            }
            if (value == null || value instanceof Map || value instanceof List) {
                problems.add("header '" + name + "' must have a single value");
            }
        }));
        String checkPath = config.get(HttpOptions.CHECK_PATH);
        if (checkPath != null && !isRelativeReference(checkPath)) {
            problems.add("'check_path' must be a path such as /health, got '" + checkPath + "'");
        }
        return problems;
    }

    /** {@code path} (leading {@code /} dropped) resolved against the base URL. */
    URI resolve(String path) {
        try {
            return baseUri.resolve(new URI(path.startsWith("/") ? path.substring(1) : path));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL path: " + path, e);
        }
    }

    /** Whether {@code path} resolves to a URL on the base URL's server. */
    static boolean isRelativeReference(String path) {
        try {
            URI uri = new URI(path.startsWith("/") ? path.substring(1) : path);
            return uri.getScheme() == null && uri.getRawAuthority() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /**
     * Whether a request may go to {@code target}: http or https, and either the base URL's scheme,
     * host and port or a host of {@code allow_hosts}. Credentials and headers go only there.
     */
    boolean allows(URI target) {
        String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || target.getHost() == null) {
            return false;
        }
        String host = target.getHost().toLowerCase(Locale.ROOT);
        if (allowHosts.stream().anyMatch(allowed -> allowed.equalsIgnoreCase(host))) {
            return true;
        }
        return scheme.equals(baseUri.getScheme().toLowerCase(Locale.ROOT))
                && host.equals(baseUri.getHost().toLowerCase(Locale.ROOT)) && port(target) == port(baseUri);
    }

    /** What masks this connection's credentials in messages. */
    Redactor redactor() {
        List<String> secrets = new ArrayList<>(auth.secrets());
        headers.values().forEach(secrets::add);
        return new Redactor(secrets, auth.parameter().orElse(null));
    }

    /** The origin requests may go to, as messages name it. */
    String origin() {
        return baseUri.getScheme() + "://" + baseUri.getRawAuthority();
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }
}
