package dev.pz.connectors.http;

import static dev.pz.connectors.http.HttpReads.config;
import static dev.pz.connectors.http.HttpReads.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.http.HttpTestServer.Reply;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Incremental reads: the watermark and the window's upper end as query parameters, and the guard
 * that refuses a crawl cut by max_pages when its cursor does not provably ascend.
 */
class HttpIncrementalTest {

    private final HttpTestServer server = HttpTestServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private static DatasetSpec raw(String lower, String upper) {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("path", "/items");
        options.put("query", Map.of("since", "{{ watermark }}", "until", "{{window_upper}}", "state", "all"));
        options.put("cursor", "updated_at");
        options.put("cursor_type", "timestamp");
        return new DatasetSpec("api", "items", options, null,
                new DatasetSpec.Watermark("updated_at", lower, false, upper));
    }

    private HttpTestServer.Request request(DatasetSpec spec) {
        server.route("/items", (request, index) -> Reply.json("[{\"id\":1,\"updated_at\":\"2026-07-02T08:00:00Z\"}]"));
        read(config(server, Map.of()), spec);
        return server.requests().get(server.requests().size() - 1);
    }

    @Test
    void theFirstRunLeavesTheWatermarkParameterOut() {
        HttpTestServer.Request request = request(raw(null, null));
        assertThat(request.query()).contains("state=all").doesNotContain("since", "until");
    }

    @Test
    void aTimestampWatermarkIsSentAsIsoSecondsInUtc() {
        HttpTestServer.Request request = request(raw("2026-07-01T10:30:00.123456", null));
        assertThat(request.query()).contains("since=2026-07-01T10%3A30%3A00Z").doesNotContain("until");
    }

    @Test
    void aWindowFloorsItsLowerEndAndRoundsItsUpperEndUp() {
        HttpTestServer.Request request = request(raw("2024-01-01T00:00:00.500000", "2024-07-01T00:00:00.500000"));
        assertThat(request.param("since")).contains("2024-01-01T00:00:00Z");
        assertThat(request.param("until")).contains("2024-07-01T00:00:01Z");
        HttpTestServer.Request whole = request(raw("2024-01-01T00:00:00.000000", "2024-07-01T00:00:00.000000"));
        assertThat(whole.param("until")).contains("2024-07-01T00:00:00Z");
    }

    @Test
    void numberAndDateCursorsAreSentAsTheyAre() {
        server.route("/items", (request, index) -> Reply.json("[]"));
        Map<String, Object> options = Map.of("path", "/items", "query", Map.of("after", "{{ watermark }}", "before",
                "{{ window_upper }}"));
        read(config(server, Map.of()), new DatasetSpec("api", "items", options, Map.of("id", "bigint"),
                new DatasetSpec.Watermark("id", "3", false, "7")));
        read(config(server, Map.of()), new DatasetSpec("api", "items", options, Map.of("day", "date"),
                new DatasetSpec.Watermark("day", "2026-01-31", false, null)));
        assertThat(server.requests().get(0).param("after")).contains("3");
        assertThat(server.requests().get(0).param("before")).contains("7");
        assertThat(server.requests().get(1).query()).isEqualTo("after=2026-01-31");
    }

    @Test
    void aRawIncrementalReadNeedsItsCursorOptions() {
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of()), new DatasetSpec("api", "items", Map.of("path", "/items"), null,
                        new DatasetSpec.Watermark("updated_at", "1", false, null))));
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).contains("needs 'cursor: updated_at' and its 'cursor_type'");
        PzConnectorException mismatch = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of()), new DatasetSpec("api", "items", raw(null, null).options(), null,
                        new DatasetSpec.Watermark("modified", "1", false, null))));
        assertThat(mismatch.getMessage()).contains("'modified'", "'updated_at'");
        assertThat(server.requests()).isEmpty();
    }

    private void pages(String... pages) {
        server.route("/items", (request, index) -> {
            int page = Integer.parseInt(request.param("page").orElse("1"));
            return Reply.json(page <= pages.length ? pages[page - 1] : "[]");
        });
    }

    private static DatasetSpec guarded(Long maxPages, String order) {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("path", "/items");
        options.put("pagination", Map.of("strategy", "page"));
        options.put("cursor", "id");
        options.put("cursor_type", "bigint");
        if (maxPages != null) {
            options.put("max_pages", maxPages);
        }
        if (order != null) {
            options.put("cursor_order", order);
        }
        return new DatasetSpec("api", "items", options, null, new DatasetSpec.Watermark("id", null, false, null));
    }

    @Test
    void anAscendingCrawlCutByMaxPagesLandsItsPrefix() {
        pages("[{\"id\":1},{\"id\":2}]", "[{\"id\":3},{\"id\":4}]", "[{\"id\":5}]");
        assertThat(read(config(server, Map.of()), guarded(2L, null)).column("id")).containsExactly(1L, 2L, 3L, 4L);
    }

    @Test
    void aDescendingOrFlatCrawlCutByMaxPagesFails() {
        pages("[{\"id\":6},{\"id\":5}]", "[{\"id\":4},{\"id\":3}]", "[{\"id\":2}]");
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of()), guarded(2L, null)));
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).contains("max_pages", "not ascending").doesNotContain("cursor_order: asc");
        PzConnectorException declared = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of()), guarded(2L, "asc")));
        assertThat(declared.getMessage()).contains("cursor_order: asc");
        try (HttpTestServer flat = HttpTestServer.start()) {
            flat.route("/items", (request, index) -> Reply.json("[{\"id\":7},{\"id\":7}]"));
            assertThat(catchThrowableOfType(PzConnectorException.class, () -> read(config(flat, Map.of()),
                    guarded(2L, null))).getMessage()).contains("not ascending");
        }
    }

    @Test
    void aCompleteDescendingCrawlAndAFullReadAreNotGuarded() {
        pages("[{\"id\":6},{\"id\":5}]", "[{\"id\":4},{\"id\":3}]");
        assertThat(read(config(server, Map.of()), guarded(null, null)).rows()).hasSize(4);
        DatasetSpec full = new DatasetSpec("api", "items", guarded(2L, null).options(), null, null);
        assertThat(read(config(server, Map.of()), full).rows()).hasSize(4);
    }
}
