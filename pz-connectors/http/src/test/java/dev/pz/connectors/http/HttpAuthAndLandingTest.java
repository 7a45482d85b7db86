package dev.pz.connectors.http;

import static dev.pz.connectors.http.HttpReads.config;
import static dev.pz.connectors.http.HttpReads.dataset;
import static dev.pz.connectors.http.HttpReads.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.http.HttpTestServer.Reply;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each auth kind on the wire, static headers, and how records land: typed by a contract or raw. */
class HttpAuthAndLandingTest {

    private final HttpTestServer server = HttpTestServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpTestServer.Request onlyRequest(Map<String, Object> connection) {
        server.route("/items", (request, index) -> Reply.json("[]"));
        read(config(server, connection), dataset(Map.of("path", "/items")));
        assertThat(server.requests()).hasSize(1);
        return server.requests().get(0);
    }

    @Test
    void bearerBasicAndApiKeysTravelWhereTheySay() {
        assertThat(onlyRequest(Map.of("auth", Map.of("type", "bearer", "token", "t-123"))).header("Authorization"))
                .contains("Bearer t-123");

        try (HttpTestServer basic = HttpTestServer.start()) {
            basic.route("/items", (request, index) -> Reply.json("[]"));
            read(config(basic, Map.of("auth", Map.of("type", "basic", "user", "ana", "password", "pa:ss"))),
                    dataset(Map.of("path", "/items")));
            assertThat(basic.requests().get(0).header("Authorization")).contains("Basic " + Base64.getEncoder()
                    .encodeToString("ana:pa:ss".getBytes(StandardCharsets.UTF_8)));
        }
        try (HttpTestServer keys = HttpTestServer.start()) {
            keys.route("/items", (request, index) -> Reply.json("[]"));
            read(config(keys, Map.of("auth", Map.of("type", "api_key", "key", "k-1", "header", "X-Api-Key"))),
                    dataset(Map.of("path", "/items")));
            read(config(keys, Map.of("auth", Map.of("type", "api_key", "key", "k 2&", "param", "api_key"))),
                    dataset(Map.of("path", "/items", "query", Map.of("state", "all"))));
            assertThat(keys.requests().get(0).header("X-Api-Key")).contains("k-1");
            assertThat(keys.requests().get(1).param("api_key")).contains("k 2&");
            assertThat(keys.requests().get(1).param("state")).contains("all");
            assertThat(keys.requests().get(1).header("X-Api-Key")).isEmpty();
        }
    }

    @Test
    void staticHeadersAndTheUserAgentGoOnEveryRequest() {
        HttpTestServer.Request request = onlyRequest(Map.of("headers", Map.of("X-GitHub-Api-Version", "2022-11-28")));
        assertThat(request.header("X-GitHub-Api-Version")).contains("2022-11-28");
        assertThat(request.header("User-Agent")).contains("pz-http/0.1");
    }

    @Test
    void anApiKeyInTheQueryIsMaskedInMessagesEvenWhenTheServerEchoesIt() {
        server.route("/items", (request, index) -> Reply.status(404,
                "{\"error\":\"forbidden, retry https://x/items?api_key=TOPSECRET\"}"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of("auth", Map.of("type", "api_key", "key", "TOPSECRET", "param", "api_key"))),
                dataset(Map.of("path", "/items"))));
        assertThat(failure.getMessage()).doesNotContain("TOPSECRET").contains("api_key=***");
    }

    @Test
    void aPathPrefixOfTheBaseUrlIsKept() {
        server.route("/api/v2/items", (request, index) -> Reply.json("[{\"id\":1}]"));
        Map<String, Object> connection = new LinkedHashMap<>();
        connection.put("base_url", server.baseUrl() + "api/v2");
        HttpReads.Result result = read(new dev.pz.connectors.api.ConnectorConfig("api", connection),
                dataset(Map.of("path", "/items")));
        assertThat(result.rows()).hasSize(1);
        assertThat(server.requests().get(0).uri().getPath()).isEqualTo("/api/v2/items");
    }

    @Test
    void aContractLandsEveryTypeAndIgnoresUndeclaredKeys() {
        server.route("/items", (request, index) -> Reply.json("[{\"i\":7,\"b\":9007199254740993,\"d\":1.5,"
                + "\"m\":\"ignored\",\"n\":12.345,\"s\":\"h\\u00e9\",\"t\":true,\"day\":\"2026-01-31\","
                + "\"ts\":\"2026-07-02T10:00:00.5+02:00\",\"extra\":{\"deep\":[1,2]}},"
                + "{\"s\":{\"nested\":[1,\"x\"]},\"n\":3,\"ts\":\"2026-07-02T08:00:00Z\"},{\"i\":null,\"s\":42}]"));
        Map<String, String> columns = new LinkedHashMap<>();
        columns.put("i", "int");
        columns.put("b", "bigint");
        columns.put("d", "double");
        columns.put("n", "decimal");
        columns.put("s", "varchar");
        columns.put("t", "boolean");
        columns.put("day", "date");
        columns.put("ts", "timestamp");
        HttpReads.Result result = read(config(server, Map.of()), DatasetSpec.of("api", "items", Map.of("path", "/items"),
                columns));
        assertThat(result.rows()).hasSize(3);
        Map<String, Object> first = result.rows().get(0);
        assertThat(first.get("i")).isEqualTo(7);
        assertThat(first.get("b")).isEqualTo(9007199254740993L);
        assertThat(first.get("d")).isEqualTo(1.5);
        assertThat(first.get("n")).isEqualTo(new BigDecimal("12.345000000"));
        assertThat(first.get("s")).isEqualTo("hé");
        assertThat(first.get("t")).isEqualTo(true);
        assertThat(first.get("day")).isEqualTo((int) LocalDate.of(2026, 1, 31).toEpochDay());
        assertThat(first.get("ts")).isEqualTo(JsonColumn.micros(LocalDateTime.of(2026, 7, 2, 8, 0, 0, 500_000_000)));
        assertThat(result.rows().get(1).get("s")).isEqualTo("{\"nested\":[1,\"x\"]}");
        assertThat(result.rows().get(1).get("i")).isNull();
        assertThat(result.rows().get(2).get("i")).isNull();
        assertThat(result.rows().get(2).get("s")).isEqualTo("42");
    }

    @Test
    void aColumnNullInEveryRecordOfAManyRecordPageLandsNulls() {
        StringBuilder page = new StringBuilder("[");
        for (int i = 0; i < 10_000; i++) {
            page.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append('}');
        }
        server.route("/items", (request, index) -> Reply.json(page.append(']').toString()));
        Map<String, String> columns = new LinkedHashMap<>();
        columns.put("id", "bigint");
        columns.put("name", "varchar");
        HttpReads.Result result = read(config(server, Map.of()), DatasetSpec.of("api", "items", Map.of("path",
                "/items"), columns));
        assertThat(result.rows()).hasSize(10_000);
        assertThat(result.column("name")).containsOnlyNulls();
        assertThat(result.column("id").get(9_999)).isEqualTo(9_999L);
    }

    @Test
    void aValueOfTheWrongTypeNamesItsColumnNotTheValue() {
        server.route("/items", (request, index) -> Reply.json("[{\"id\":1},{\"id\":\"not-a-number\"}]"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of()), DatasetSpec.of("api", "items", Map.of("path", "/items"), Map.of("id", "bigint"))));
        assertThat(failure.isTransient()).isFalse();
        assertThat(failure.getMessage()).isEqualTo("dataset 'items': column 'id': value is not a valid bigint");
    }

    @Test
    void aContractNeedsObjectRecords() {
        server.route("/items", (request, index) -> Reply.json("[[1,2]]"));
        PzConnectorException failure = catchThrowableOfType(PzConnectorException.class, () -> read(config(server,
                Map.of()), DatasetSpec.of("api", "items", Map.of("path", "/items"), Map.of("id", "bigint"))));
        assertThat(failure.getMessage()).isEqualTo("dataset 'items': record is not an object (check 'items')");
    }

    @Test
    void rawRecordsLandAsSentWithTheirPageAndATypedCursor() {
        server.route("/items", (request, index) -> Reply.json("[{\"id\": 1, \"meta\": {\"at\": \"2026-07-01T00:00:00Z\"}},"
                + " \"plain\", 5, {\"id\":2}]"));
        HttpReads.Result result = read(config(server, Map.of()), dataset(Map.of("path", "/items", "cursor", "at",
                "cursor_type", "timestamp", "cursor_pointer", "/meta/at")));
        assertThat(result.column("payload")).containsExactly("{\"id\": 1, \"meta\": {\"at\": \"2026-07-01T00:00:00Z\"}}",
                "\"plain\"", "5", "{\"id\":2}");
        assertThat(result.column("at")).containsExactly(JsonColumn.micros(LocalDateTime.of(2026, 7, 1, 0, 0)), null,
                null, null);
        assertThat(result.column("pz_page")).containsOnly(0);
        assertThat(result.column("pz_fetched_at")).doesNotContainNull();
    }
}
