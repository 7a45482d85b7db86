package dev.pz.connectors.http;

import static dev.pz.connectors.http.HttpReads.config;
import static dev.pz.connectors.http.HttpReads.dataset;
import static dev.pz.connectors.http.HttpReads.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.http.HttpTestServer.Reply;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a read does when the API misbehaves: status classification and Retry-After, malformed and
 * truncated bodies, stalls, oversized pages, unreachable servers, and redirects that would carry
 * credentials away.
 */
class HttpReadFailureTest {

    private static final Map<String, Object> ITEMS = Map.of("path", "/items");

    private final HttpTestServer server = HttpTestServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private PzConnectorException failure(Map<String, Object> connection, Map<String, Object> options) {
        return catchThrowableOfType(PzConnectorException.class, () -> read(config(server, connection), dataset(options)));
    }

    @ParameterizedTest
    @ValueSource(ints = {408, 429, 500, 502, 503, 504})
    void retryableStatusesAreTransient(int status) {
        server.route("/items", (request, index) -> Reply.status(status, "{\"error\":\"nope\"}"));
        PzConnectorException failure = failure(Map.of(), ITEMS);
        assertThat(failure.isTransient()).isTrue();
        assertThat(failure.getMessage()).startsWith("dataset 'items': HTTP " + status + " from " + server.baseUrl()
                + "items");
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 404, 410, 422})
    void otherStatusesArePermanentAndShowTheStartOfTheBody(int status) {
        server.route("/items", (request, index) -> Reply.status(status, "{\"message\":\"Not Found\"}"));
        PzConnectorException failure = failure(Map.of(), ITEMS);
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).isEqualTo("dataset 'items': HTTP " + status + " from " + server.baseUrl()
                + "items: {\"message\":\"Not Found\"} (check the endpoint path and auth config)");
    }

    @ParameterizedTest
    @ValueSource(ints = {401, 403})
    void refusedCredentialsSaySo(int status) {
        server.route("/items", (request, index) -> Reply.status(status, "{\"error\":\"bad token\"}"));
        PzConnectorException failure = failure(Map.of("auth", Map.of("type", "bearer", "token", "wrong-token-1")),
                ITEMS);
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).contains("HTTP " + status, "the server refused the credentials",
                "check the connection's auth: block").doesNotContain("wrong-token-1");
    }

    @Test
    void retryAfterInSecondsAndAsAnHttpDateIsPassedOn() {
        server.route("/items", (request, index) -> Reply.status(429, "{}").with("Retry-After", "42"));
        assertThat(failure(Map.of(), ITEMS).retryAfter()).contains(Duration.ofSeconds(42));
        try (HttpTestServer dated = HttpTestServer.start()) {
            String in90s = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(java.time.ZoneOffset.UTC)
                    .plusSeconds(90));
            dated.route("/items", (request, index) -> Reply.status(503, "{}").with("Retry-After", in90s));
            PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(dated,
                    Map.of()), dataset(ITEMS)));
            assertThat(failure.retryAfter()).hasValueSatisfying(wait -> assertThat(wait)
                    .isBetween(Duration.ofSeconds(80), Duration.ofSeconds(90)));
        }
    }

    @Test
    void anAuthFailureMidCrawlFailsTheRead() {
        server.route("/items", (request, index) -> index == 0
                ? Reply.json("{\"items\":[{\"id\":1}],\"next\":\"c2\"}")
                : Reply.status(401, "{\"error\":\"token expired\"}"));
        PzConnectorException failure = failure(Map.of(), Map.of("path", "/items", "items", "/items", "pagination",
                Map.of("strategy", "cursor", "pointer", "/next", "param", "cursor")));
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).contains("HTTP 401");
    }

    @Test
    void malformedJsonIsPermanentWithoutEchoingTheBody() {
        for (String body : new String[] {"not json {{{", "[{\"id\":1},{\"id\":", "<html><body>Access denied</body></html>",
                "", "[{\"id\":1}] [{\"id\":2}]"}) {
            try (HttpTestServer bad = HttpTestServer.start()) {
                bad.route("/items", (request, index) -> Reply.json(body));
                PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(bad,
                        Map.of()), dataset(ITEMS)));
                assertThat(failure.isTransient()).as(body).isFalse();
                assertThat(failure.getMessage()).as(body).contains("is not valid JSON").doesNotContain("Access denied");
            }
        }
    }

    @Test
    void itemsNamesTheRecords() {
        server.route("/nested", (request, index) -> Reply.json("{\"data\":{\"items\":[{\"id\":1},{\"id\":2}]},"
                + "\"total\":2}"));
        server.route("/single", (request, index) -> Reply.json("{\"user\":{\"id\":7}}"));
        server.route("/none", (request, index) -> Reply.json("{\"data\":null}"));
        server.route("/missing", (request, index) -> Reply.json("{\"data\":{}}"));
        server.route("/string", (request, index) -> Reply.json("{\"data\":{\"items\":\"a string\"}}"));
        assertThat(read(config(server, Map.of()), dataset(Map.of("path", "/nested", "items", "/data/items"))).rows())
                .hasSize(2);
        assertThat(read(config(server, Map.of()), dataset(Map.of("path", "/single", "items", "/user")))
                .column("payload")).containsExactly("{\"id\":7}");
        assertThat(read(config(server, Map.of()), dataset(Map.of("path", "/none", "items", "/data"))).rows()).isEmpty();
        assertThat(failure(Map.of(), Map.of("path", "/missing", "items", "/data/items")).getMessage())
                .contains("'items' pointer '/data/items' was not found");
        assertThat(failure(Map.of(), Map.of("path", "/string", "items", "/data/items")).getMessage())
                .contains("'/data/items'", "neither an array nor an object");
    }

    @Test
    void aBodyCutShortOrAResetIsTransient() {
        for (RawHttpServer.Script script : RawHttpServer.Script.values()) {
            try (RawHttpServer raw = RawHttpServer.start(script, "{\"items\":[{\"id\":1},{\"id\":2}")) {
                PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(
                        new dev.pz.connectors.api.ConnectorConfig("api", Map.of("base_url", raw.baseUrl(),
                                "timeout_seconds", 20L)), dataset(ITEMS)));
                assertThat(failure.isTransient()).as(script.name()).isTrue();
                assertThat(failure.getMessage()).as(script.name()).contains("the request to " + raw.baseUrl() + "items"
                        + " failed").doesNotContain("timed out");
            }
        }
    }

    @Test
    void aStalledEndpointTimesOutAsATransientFailure() {
        server.route("/items", (request, index) -> Reply.stall());
        PzConnectorException failure = failure(Map.of("timeout_seconds", 1L), ITEMS);
        assertThat(failure.isTransient()).isTrue();
        assertThat(failure.getMessage()).contains("timed out after 1 s");
    }

    @Test
    void cancelStopsARequestInFlight() throws Exception {
        java.util.concurrent.CountDownLatch received = new java.util.concurrent.CountDownLatch(1);
        server.route("/items", (request, index) -> {
            received.countDown();
            return Reply.stall();
        });
        try (var allocator = new org.apache.arrow.memory.RootAllocator();
                var source = new HttpConnector().openSource(config(server, Map.of())).orElseThrow();
                var reader = source.planRead(dataset(ITEMS), dev.pz.connectors.api.ReadHints.none()).get(0)
                        .open(allocator, dev.pz.connectors.api.BatchOptions.defaults())) {
            var loading = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return reader.loadNextBatch();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertThat(received.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            assertThat(reader).isInstanceOf(dev.pz.connectors.api.Cancellable.class);
            ((dev.pz.connectors.api.Cancellable) reader).cancel();
            Throwable thrown = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> catchThrowableOfType(java.util.concurrent.ExecutionException.class, loading::get).getCause());
            assertThat(thrown).isInstanceOf(PzConnectorException.class).hasMessageContaining("cancelled");
        }
    }

    @Test
    void aBodyLargerThanMaxResponseMbIsRefused() {
        String big = "[" + ("{\"text\":\"" + "x".repeat(1000) + "\"},").repeat(1100) + "{}]";
        server.route("/items", (request, index) -> Reply.json(big));
        PzConnectorException failure = failure(Map.of("max_response_mb", 1L), ITEMS);
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).contains("larger than max_response_mb (1 MiB)");
    }

    @Test
    void anUnreachableServerIsTransientAndNamed() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(
                new dev.pz.connectors.api.ConnectorConfig("api", Map.of("base_url", "http://127.0.0.1:" + closedPort)),
                dataset(ITEMS)));
        assertThat(failure.isTransient()).isTrue();
        assertThat(failure.getMessage()).contains("could not reach 'http://127.0.0.1:" + closedPort + "/items'");
    }

    @Test
    void redirectsAreFollowedOnTheSameOriginOnly() {
        server.route("/old", (request, index) -> Reply.status(301, "").with("Location", "/items"));
        server.route("/items", (request, index) -> Reply.json("[{\"id\":1}]"));
        assertThat(read(config(server, Map.of()), dataset(Map.of("path", "/old"))).rows()).hasSize(1);

        try (HttpTestServer attacker = HttpTestServer.start()) {
            attacker.route("/", (request, index) -> Reply.json("[]"));
            server.route("/away", (request, index) -> Reply.status(302, "").with("Location", attacker.baseUrl() + "x"));
            PzConnectorException failure = failure(Map.of("auth", Map.of("type", "api_key", "key", "s3cr3t-key",
                    "header", "X-Api-Key"), "headers", Map.of("X-Tenant", "header-s3cr3t")), Map.of("path", "/away"));
            assertThat(failure.getMessage()).contains("is not an allowed target").doesNotContain("s3cr3t");
            assertThat(attacker.requests()).isEmpty();
        }
    }

    @Test
    void aRedirectLoopEnds() {
        server.route("/loop", (request, index) -> Reply.status(302, "").with("Location", "/loop"));
        PzConnectorException failure = failure(Map.of(), Map.of("path", "/loop"));
        assertThat(failure.getMessage()).contains("more than 5 redirects");
        assertThat(server.requests()).hasSize(6);
    }
}
