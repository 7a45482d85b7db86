package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Keyed state kept by an HTTP service at {@code <url>/<scope>/<key>} (docs/state-backends.md has the
 * protocol): {@code GET} answers 200 with the entry and its version as a quoted integer {@code ETag},
 * or 204 when the key holds nothing; {@code GET <url>/<scope>} lists
 * {@code {"entries":[{"key","payload","version"}]}}; {@code PUT} with {@code If-Match} replaces the
 * version named, without it creates an absent key; {@code DELETE} with {@code If-Match} removes;
 * 409 or 412 means another writer changed the key first. 429, 502, 503 and 504 are retried. Every
 * other status is {@code PZ0529} (a 404 usually means a wrong URL); no answer at all is {@code PZ0518}.
 * The bearer token goes in the {@code Authorization} header only; messages name the host, never it.
 */
public final class HttpStateBackend implements StateBackend {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<Integer> RETRYABLE = Set.of(429, 502, 503, 504);
    private static final int MAX_ATTEMPTS = 3;
    private static final Duration RETRY_BASE = Duration.ofMillis(200);
    private static final Duration MAX_RETRY_DELAY = Duration.ofSeconds(30);
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(100);

    private final String root;
    private final String host;
    private final String token;
    private final Duration timeout;
    private final HttpClient client;

    /**
     * @param url the absolute http(s) URL under which the scopes live
     * @param token the bearer token, or null to send none
     * @param timeout how long one request may take
     */
    public HttpStateBackend(String url, String token, Duration timeout) {
        this.root = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        URI uri = URI.create(root);
        this.host = uri.getScheme() + "://" + uri.getAuthority();
        this.token = token == null || token.isBlank() ? null : token;
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    @Override
    public String description() {
        return "http " + host;
    }

    @Override
    public StateSnapshot read(StateScope scope) {
        Response response = send("GET", scope, null, null, null);
        if (response.status() != 200) {
            throw unexpected(response.status(), scope, null);
        }
        SortedMap<String, StateEntry> entries = new TreeMap<>();
        try {
            JsonNode list = MAPPER.readTree(response.body()).get("entries");
            if (list == null || !list.isArray()) {
                return StateSnapshot.corrupt(corruptionNotice(scope));
            }
            for (JsonNode entry : list) {
                JsonNode key = entry.get("key");
                JsonNode payload = entry.get("payload");
                JsonNode version = entry.get("version");
                if (key == null || !key.isTextual() || payload == null || !payload.isTextual()) {
                    return StateSnapshot.corrupt(corruptionNotice(scope));
                }
                entries.put(key.asText(), new StateEntry(payload.asText(),
                        version == null || version.isNull() ? "" : version.asText()));
            }
        } catch (IOException e) {
            return StateSnapshot.corrupt(corruptionNotice(scope));
        }
        return new StateSnapshot(entries, Optional.empty(), true);
    }

    @Override
    public Optional<StateEntry> get(StateScope scope, String key) {
        Response response = send("GET", scope, key, null, null);
        return switch (response.status()) {
            case 204 -> Optional.empty();
            case 200 -> Optional.of(new StateEntry(response.body(), response.version().isPresent()
                    ? Long.toString(response.version().getAsLong()) : ""));
            default -> throw unexpected(response.status(), scope, key);
        };
    }

    @Override
    public boolean compareAndSet(StateScope scope, String key, StateEntry expected, String payload) {
        String ifMatch = expected == null || expected.version().isEmpty() ? null : expected.version();
        if (payload == null && expected == null) {
            return get(scope, key).isEmpty();
        }
        Response response = send(payload == null ? "DELETE" : "PUT", scope, key, payload, ifMatch);
        return switch (response.status()) {
            case 200, 201, 204 -> true;
            case 409, 412 -> false;
            default -> throw unexpected(response.status(), scope, key);
        };
    }

    @Override
    public RunLock lockRun(String runId) {
        return LeaseLock.acquire(this, runId);
    }

    /** One request, retried while the service answers that it is busy. */
    private Response send(String method, StateScope scope, String key, String payload, String ifMatch) {
        String path = root + "/" + scope.wireName() + (key == null ? ""
                : "/" + URLEncoder.encode(key, StandardCharsets.UTF_8).replace("+", "%20"));
        for (int attempt = 1; ; attempt++) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(path)).timeout(timeout)
                    .method(method, payload == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(payload, StandardCharsets.UTF_8));
            if (payload != null) {
                request.header("Content-Type", "application/json");
            }
            if (ifMatch != null) {
                request.header("If-Match", "\"" + ifMatch + "\"");
            }
            if (token != null) {
                request.header("Authorization", "Bearer " + token);
            }
            HttpResponse<String> response;
            try {
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new PzException(PzCode.STATE_STORE_UNAVAILABLE, "cannot reach the state store at '" + host + "': "
                        + e.getClass().getSimpleName() + " — check PZ_STATE_URL / state.url, and that the server is"
                        + " reachable from this host");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new PzException(PzCode.STATE_STORE_UNAVAILABLE, "interrupted while calling the state store at '"
                        + host + "'");
            }
            if (RETRYABLE.contains(response.statusCode()) && attempt < MAX_ATTEMPTS) {
                pause(retryDelay(response, attempt));
                continue;
            }
            return new Response(response.statusCode(), response.body(), version(response));
        }
    }

    private static Duration retryDelay(HttpResponse<String> response, int attempt) {
        Duration delay = response.headers().firstValue("Retry-After").flatMap(HttpStateBackend::seconds)
                .orElse(RETRY_BASE.multipliedBy(attempt));
        return delay.compareTo(MAX_RETRY_DELAY) > 0 ? MAX_RETRY_DELAY : delay;
    }

    private static Optional<Duration> seconds(String text) {
        try {
            long value = Long.parseLong(text.trim());
            return value > 0 ? Optional.of(Duration.ofSeconds(value)) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private void pause(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PzException(PzCode.STATE_STORE_UNAVAILABLE, "interrupted while calling the state store at '"
                    + host + "'");
        }
    }

    /** The version in an {@code ETag} of {@code "<n>"} (or the weak {@code W/"<n>"}); empty when there is none. */
    private static OptionalLong version(HttpResponse<String> response) {
        Optional<String> tag = response.headers().firstValue("ETag").map(String::trim);
        if (tag.isEmpty()) {
            return OptionalLong.empty();
        }
        String raw = tag.get().startsWith("W/") ? tag.get().substring(2) : tag.get();
        if (raw.length() < 3 || raw.charAt(0) != '"' || raw.charAt(raw.length() - 1) != '"') {
            return OptionalLong.empty();
        }
        try {
            long value = Long.parseLong(raw.substring(1, raw.length() - 1));
            return value > 0 ? OptionalLong.of(value) : OptionalLong.empty();
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    private PzException unexpected(int status, StateScope scope, String key) {
        String what = key == null ? "scope '" + scope.wireName() + "'" : "key '" + key + "' (scope '"
                + scope.wireName() + "')";
        String hint = status == 404 ? "check PZ_STATE_URL / state.url: it must name the state resource of this project"
                : status == 401 || status == 403 ? "check PZ_STATE_TOKEN"
                : "check PZ_STATE_URL / state.url and PZ_STATE_TOKEN, and that the server is healthy";
        return new PzException(PzCode.STATE_QUERY_FAILED, "the state store at '" + host + "' answered " + status
                + " for " + what + " — " + hint);
    }

    private record Response(int status, String body, OptionalLong version) {
    }
}
