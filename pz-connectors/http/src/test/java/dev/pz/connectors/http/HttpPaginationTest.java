package dev.pz.connectors.http;

import static dev.pz.connectors.http.HttpReads.config;
import static dev.pz.connectors.http.HttpReads.dataset;
import static dev.pz.connectors.http.HttpReads.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.http.HttpTestServer.Reply;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every pagination strategy against a real server, and the guards that keep a crawl finite. */
class HttpPaginationTest {

    private final HttpTestServer server = HttpTestServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private static Map<String, Object> raw(Map<String, Object> pagination) {
        return Map.of("path", "/items", "pagination", pagination);
    }

    /** Pages 1..n of ids, then empty pages. */
    private void pages(String... pages) {
        server.route("/items", (request, index) -> {
            int page = Integer.parseInt(request.param("page").orElse("1"));
            return Reply.json(page <= pages.length ? pages[page - 1] : "[]");
        });
    }

    @Test
    void pageNumbersStampTheirParametersOnTheFirstRequestAndStopAtAnEmptyPage() {
        pages("[{\"id\":1},{\"id\":2}]", "[{\"id\":3}]");
        HttpReads.Result result = read(config(server, Map.of()), dataset(raw(Map.of("strategy", "page", "param", "page",
                "start", 1L, "size_param", "per_page", "size", 50L))));
        assertThat(result.column("payload")).containsExactly("{\"id\":1}", "{\"id\":2}", "{\"id\":3}");
        assertThat(result.column("pz_page")).containsExactly(0, 0, 1);
        List<HttpTestServer.Request> requests = server.requests();
        assertThat(requests).hasSize(3);
        assertThat(requests.get(0).query()).isEqualTo("page=1&per_page=50");
        assertThat(requests.get(1).query()).contains("page=2", "per_page=50");
        assertThat(requests.get(2).query()).contains("page=3");
    }

    @Test
    void aZeroBasedPageParameterCountsFromItsStart() {
        server.route("/items", (request, index) -> Reply.json(request.param("p").orElseThrow().equals("0")
                ? "[{\"id\":1}]" : "[]"));
        assertThat(read(config(server, Map.of()), dataset(raw(Map.of("strategy", "page", "param", "p", "start", 0L))))
                .rows()).hasSize(1);
        assertThat(server.requests()).extracting(HttpTestServer.Request::query).containsExactly("p=0", "p=1");
    }

    @Test
    void linkHeadersAreFollowedAbsoluteAndRelative() {
        server.route("/items", (request, index) -> switch (request.param("page").orElse("1")) {
            case "1" -> Reply.json("[{\"id\":1},{\"id\":2}]").with("Link", "<" + server.baseUrl()
                    + "items?page=2>; rel=\"next\", <" + server.baseUrl() + "items?page=3>; rel=\"last\"");
            case "2" -> Reply.json("[{\"id\":3}]").with("Link", "</items?page=3>; rel=\"prev next\"");
            default -> Reply.json("[{\"id\":4}]").with("Link", "</items?page=1>; rel=\"first\"");
        });
        HttpReads.Result result = read(config(server, Map.of()), dataset(raw(Map.of("strategy", "link_header"))));
        assertThat(result.rows()).hasSize(4);
        assertThat(server.requests()).extracting(HttpTestServer.Request::query).containsExactly("", "page=2", "page=3");
    }

    @Test
    void anEmptyPageThatNamesANextPageDoesNotEndACursorCrawl() {
        server.route("/items", (request, index) -> switch (request.param("cursor").orElse("")) {
            case "" -> Reply.json("{\"data\":[{\"id\":1}],\"meta\":{\"next\":\"c2\"}}");
            case "c2" -> Reply.json("{\"data\":[],\"meta\":{\"next\":\"c3\"}}");
            default -> Reply.json("{\"data\":[{\"id\":3}],\"meta\":{\"next\":null}}");
        });
        HttpReads.Result result = read(config(server, Map.of()), dataset(Map.of("path", "/items", "items", "/data",
                "pagination", Map.of("strategy", "cursor", "pointer", "/meta/next", "param", "cursor"))));
        assertThat(result.column("payload")).containsExactly("{\"id\":1}", "{\"id\":3}");
        assertThat(server.requests()).extracting(HttpTestServer.Request::query)
                .containsExactly("", "cursor=c2", "cursor=c3");
    }

    @Test
    void aNumericCursorTokenIsSentAsItsJsonText() {
        server.route("/items", (request, index) -> index == 0 ? Reply.json("{\"items\":[{\"id\":1}],\"next\":42}")
                : Reply.json("{\"items\":[{\"id\":2}]}"));
        read(config(server, Map.of()), dataset(Map.of("path", "/items", "items", "/items", "pagination",
                Map.of("strategy", "cursor", "pointer", "/next", "param", "after"))));
        assertThat(server.requests().get(1).query()).isEqualTo("after=42");
    }

    @Test
    void maxPagesCapsACrawlThatNeverEnds() {
        server.route("/items", (request, index) -> Reply.json("[{\"id\":" + index + "}]"));
        HttpReads.Result result = read(config(server, Map.of()), dataset(Map.of("path", "/items", "pagination",
                Map.of("strategy", "page"), "max_pages", 3L)));
        assertThat(result.rows()).hasSize(3);
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void aCursorThatNeverChangesIsRefusedNotFollowed() {
        server.route("/items", (request, index) -> Reply.json("{\"items\":[{\"id\":1}],\"next\":\"same\"}"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of()), dataset(Map.of("path", "/items", "items", "/items", "pagination", Map.of("strategy", "cursor",
                        "pointer", "/next", "param", "cursor")))));
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).startsWith("dataset 'items': pagination is not advancing");
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void aCursorCyclingBetweenTwoPagesIsRefused() {
        server.route("/items", (request, index) -> Reply.json("{\"items\":[{\"id\":" + index + "}],\"next\":\""
                + (index % 2 == 0 ? "b" : "a") + "\"}"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of()), dataset(Map.of("path", "/items", "items", "/items", "pagination", Map.of("strategy", "cursor",
                        "pointer", "/next", "param", "cursor")))));
        assertThat(failure.getMessage()).contains("pagination is not advancing", "cursor=b", "already requested");
        assertThat(server.requests()).hasSize(3);
    }

    @Test
    void aCrawlWithoutMaxPagesStopsAtTheCeiling() {
        server.route("/items", (request, index) -> Reply.json("{\"items\":[{\"id\":" + index + "}],\"next\":\"c"
                + (index + 1) + "\"}"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(new HttpConnector(20),
                config(server, Map.of()), dataset(Map.of("path", "/items", "items", "/items", "pagination",
                        Map.of("strategy", "cursor", "pointer", "/next", "param", "cursor"))), BatchOptions.defaults()));
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).contains("passed 20 pages", "max_pages");
        assertThat(server.requests()).hasSize(20);
    }

    @Test
    void anUnreadableNextLinkFailsInsteadOfEndingTheCrawl() {
        server.route("/items", (request, index) -> Reply.json("[{\"id\":1}]").with("Link", "<%%not a uri%%>; rel=\"next\""));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of()), dataset(raw(Map.of("strategy", "link_header")))));
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).contains("next link is not a URL");
    }

    @Test
    void aFailureMidCrawlFailsTheWholeRead() {
        server.route("/items", (request, index) -> index == 0
                ? Reply.json("[{\"id\":1}]").with("Link", "</items?page=2>; rel=\"next\"")
                : Reply.status(503, "{\"error\":\"busy\"}").with("Retry-After", "7"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of()), dataset(raw(Map.of("strategy", "link_header")))));
        assertThat(failure.isTransient()).isTrue();
        assertThat(failure.retryAfter()).contains(java.time.Duration.ofSeconds(7));
        assertThat(failure.getMessage()).contains("HTTP 503", "items?page=2");
    }

    @Test
    void batchesRespectTheRowLimitAcrossPages() {
        pages("[{\"id\":1},{\"id\":2},{\"id\":3}]", "[{\"id\":4},{\"id\":5}]");
        HttpReads.Result result = read(new HttpConnector(), config(server, Map.of()), dataset(raw(Map.of("strategy",
                "page"))), new BatchOptions(BatchOptions.DEFAULT_TARGET_BYTES, 2));
        assertThat(result.rows()).hasSize(5);
        assertThat(result.batches()).isEqualTo(3);
    }

    @Test
    void nextLinksToAnotherHostAreNotFollowedWithCredentials() {
        try (HttpTestServer other = HttpTestServer.start()) {
            other.route("/", (request, index) -> Reply.json("[]"));
            server.route("/items", (request, index) -> Reply.json("[{\"id\":1}]").with("Link", "<http://localhost:"
                    + other.port() + "/items>; rel=\"next\""));
            PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                    Map.of("auth", Map.of("type", "bearer", "token", "bearer-s3cr3t"))), dataset(raw(Map.of("strategy",
                            "link_header")))));
            assertThat(failure.getMessage()).contains("is not an allowed target", "allow_hosts")
                    .doesNotContain("bearer-s3cr3t");
            assertThat(other.requests()).isEmpty();

            read(config(server, Map.of("allow_hosts", List.of("localhost"))), dataset(raw(Map.of("strategy",
                    "link_header"))));
            assertThat(other.requests()).hasSize(1);
        }
    }
}
