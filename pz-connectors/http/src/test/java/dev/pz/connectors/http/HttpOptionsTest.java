package dev.pz.connectors.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.error.PzCode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The offline rules of connections, datasets and outputs, as pz validate reports them. */
class HttpOptionsTest {

    private final HttpConnector connector = new HttpConnector();

    private List<String> connection(Map<String, Object> options) {
        ConnectorConfig config = new ConnectorConfig("api", options);
        List<String> messages = new java.util.ArrayList<>(connector.connectionOptions().check(options, java.util.Set.of())
                .stream().map(OptionProblem::message).toList());
        if (messages.isEmpty()) {
            messages.addAll(connector.validate(config));
        }
        return messages;
    }

    private List<String> read(Map<String, Object> options, Map<String, String> columns, String cursor) {
        return connector.validateRead(new DatasetSpec("api", "items", options, columns, cursor == null ? null
                : new DatasetSpec.Watermark(cursor, null, false, null))).stream().map(OptionProblem::message).toList();
    }

    @Test
    void connectionRulesNameEveryProblemAndNoCredential() {
        assertThat(connection(Map.of("base_url", "https://api.example.com"))).isEmpty();
        assertThat(connection(Map.of("base_url", "ftp://x", "timeout_seconds", 5000L, "max_response_mb", 0L,
                "allow_hosts", List.of("https://other.example")))).containsExactly(
                        "'base_url' must be an absolute http(s) URL (got 'ftp://x')",
                        "'timeout_seconds' must be between 1 and 3600 (got 5000)",
                        "'max_response_mb' must be between 1 and 4096 (got 0)",
                        "'allow_hosts' must be bare host names, not URLs (got a list)");
        assertThat(connection(Map.of("base_url", "https://x", "auth", Map.of("type", "bearer")))).containsExactly(
                "auth type 'bearer' requires 'token'");
        assertThat(connection(Map.of("base_url", "https://x", "auth", Map.of("type", "basic", "user", "u"))))
                .containsExactly("auth type 'basic' requires 'user' and 'password'");
        assertThat(connection(Map.of("base_url", "https://x", "auth", Map.of("type", "api_key", "key", "k-secret",
                "header", "X-Key", "param", "key")))).containsExactly(
                        "auth type 'api_key' requires exactly one of 'header' or 'param'");
        assertThat(connection(Map.of("base_url", "https://x", "auth", Map.of("type", "oauth2", "token", "t-secret"))))
                .containsExactly("unknown auth type 'oauth2' (accepted: api_key, bearer, basic)");
        assertThat(connection(Map.of("base_url", "https://x", "auth", "t-secret"))).containsExactly(
                "'auth' must be a mapping");
        assertThat(connection(Map.of("base_url", "https://x?page=1", "headers", Map.of("Host", "h", "X-A", List.of(1)))))
                .containsExactlyInAnyOrder("'base_url' must not hold a query; put parameters under a dataset's query:",
                        "header 'Host' is set by the HTTP client itself and cannot be configured",
                        "header 'X-A' must have a single value");
        assertThat(connector.connectionOptions().secretNames()).containsExactlyInAnyOrder("auth", "headers");
    }

    @Test
    void datasetRulesAggregate() {
        assertThat(read(Map.of("path", "/items"), null, null)).isEmpty();
        assertThat(read(Map.of("cursor", "updated_at", "max_pages", 0L, "pagination", Map.of("strategy", "spiral")),
                null, null)).containsExactlyInAnyOrder("'max_pages' must be between 1 and 2147483647 (got 0)",
                        "'path' is required");
        assertThat(read(Map.of("path", "/x", "cursor", "updated_at", "pagination", Map.of("strategy", "spiral")), null,
                null)).containsExactly("unknown pagination strategy 'spiral' (accepted: page, link_header, cursor)",
                        "'cursor' and 'cursor_type' go together: a read without columns: lands its cursor typed");
        assertThat(read(Map.of("path", "/x", "pagination", Map.of("strategy", "page", "start", "abc", "size", -5L)), null,
                null)).containsExactly("pagination 'start' must be a whole number of at least 0, got 'abc'",
                        "pagination 'size' must be a positive whole number, got '-5'",
                        "pagination 'size_param' and 'size' go together: the API is told the page size it pages by");
        assertThat(read(Map.of("path", "/x", "pagination", Map.of("strategy", "cursor")), null, null)).hasSize(2);
        assertThat(read(Map.of("path", "/x", "query", Map.of("since", "{{ watermark", "x", "{{ nope }}")), null, null))
                .containsExactlyInAnyOrder("query parameter 'since': malformed binding template '{{ watermark' (write {{ watermark }}"
                        + " or {{ window_upper }})", "query parameter 'x': unknown binding '{{ nope }}' (known:"
                        + " {{ watermark }}, {{ window_upper }})");
        assertThat(read(Map.of("path", "/x", "cursor", "payload", "cursor_type", "int"), null, null)).containsExactly(
                "'cursor' must not be 'payload' or start with pz_: those names are the raw landing's own columns");
        assertThat(read(Map.of("path", "/x", "cursor_order", "asc"), null, null)).containsExactly(
                "'cursor_order' requires a cursor (cursor and cursor_type, or a columns: contract)");
        assertThat(read(Map.of("path", "/x", "cursor_order", "asc"), Map.of("id", "bigint"), null)).isEmpty();
        assertThat(read(Map.of("path", "/x", "cursor", "updated_at", "cursor_type", "timestamp"), Map.of("id", "bigint"),
                null)).containsExactly("'cursor_type' is for reads without columns:; with columns: the contract types"
                        + " the cursor", "'cursor' names 'updated_at', which is not a column of columns:");
    }

    @Test
    void aDescendingTruncatableIncrementalCrawlIsPz0229() {
        List<OptionProblem> problems = connector.validateRead(new DatasetSpec("api", "items", Map.of("path", "/x",
                "max_pages", 3L, "cursor_order", "desc"), Map.of("id", "bigint"),
                new DatasetSpec.Watermark("id", null, false, null)));
        assertThat(problems).extracting(OptionProblem::code).containsExactly(PzCode.DESCENDING_CURSOR_TRUNCATABLE);
        assertThat(connector.validateRead(DatasetSpec.of("api", "items", Map.of("path", "/x", "max_pages", 3L,
                "cursor_order", "desc"), Map.of("id", "bigint")))).isEmpty();
        assertThat(OptionSet.RESERVED_READ_KEYS).doesNotContainAnyElementsOf(connector.readOptions().names());
    }
}
