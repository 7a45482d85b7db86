package dev.pz.connectors.http;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import java.net.URI;
import java.util.Locale;

/** Every option http accepts. Strategy and keys are pz's own write keys. */
final class HttpOptions {

    static final Option<String> BASE_URL = Option.string("base_url", "Absolute http(s) URL every path is resolved"
            + " against; a path prefix such as /api/v2 is kept.").must("be an absolute http(s) URL",
                    HttpOptions::isHttpUrl).required();
    static final Option<java.util.Map<String, Object>> AUTH = Option.mapping("auth", "Credentials sent with every"
            + " request: {type: bearer, token}, {type: basic, user, password} or {type: api_key, key, header | param}.")
            .secret();
    static final Option<java.util.Map<String, Object>> HEADERS = Option.mapping("headers", "Static request headers"
            + " sent with every request (never echoed: they may carry credentials).").secret();
    static final Option<String> CHECK_PATH = Option.string("check_path", "Path `pz validate --connect` requests"
            + " (resolved against base_url); base_url itself when absent.");
    static final Option<Integer> TIMEOUT_SECONDS = Option.integer("timeout_seconds", "Seconds one request may take,"
            + " body included, before it fails (a retryable failure).").between(1, 3_600).defaultValue(30);
    static final Option<Integer> MAX_RESPONSE_MB = Option.integer("max_response_mb", "Largest response body, in MiB;"
            + " a page is held in memory whole while it is parsed.").between(1, 4_096).defaultValue(256);
    static final Option<java.util.List<String>> ALLOW_HOSTS = Option.stringList("allow_hosts", "Host names besides"
            + " base_url's origin that next links and redirects may lead to (credentials are sent there too).")
            .must("be bare host names, not URLs", hosts -> hosts.stream().allMatch(HttpOptions::isBareHost));

    static final Option<String> PATH = Option.string("path", "Path of the resource, starting with /, resolved"
            + " against base_url.").must("start with /", path -> path.startsWith("/")).required();
    static final Option<java.util.Map<String, Object>> QUERY = Option.mapping("query", "Query parameters; a value"
            + " may hold {{ watermark }} or {{ window_upper }}, and a parameter whose binding is unset is left out.");
    static final Option<java.util.Map<String, Object>> PAGINATION = Option.mapping("pagination", "How to reach the"
            + " next page: {strategy: page, param, start, size_param, size}, {strategy: link_header} or"
            + " {strategy: cursor, pointer, param}. Absent: one request.");
    static final Option<String> ITEMS = Option.string("items", "JSON pointer to the records in a response: an"
            + " array (one record each), an object (one record) or null (none).")
            .must("be a JSON pointer ('' or starting with /)", HttpOptions::isPointer).defaultValue("");
    static final Option<String> CURSOR = Option.string("cursor", "Without columns: the incremental cursor column"
            + " landed beside the raw payload (with cursor_type). With columns: a declared column.");
    static final Option<CursorType> CURSOR_TYPE = Option.choice("cursor_type", "Type of the raw-mode cursor column.",
            CursorType.class);
    static final Option<String> CURSOR_POINTER = Option.string("cursor_pointer", "JSON pointer to the raw-mode"
            + " cursor inside a record; default /<cursor>.").must("be a JSON pointer ('' or starting with /)",
                    HttpOptions::isPointer);
    static final Option<CursorOrder> CURSOR_ORDER = Option.choice("cursor_order", "The order in which the API"
            + " returns the cursor; with max_pages, only asc keeps an incremental crawl safe.", CursorOrder.class);
    static final Option<String> DELTA_POINTER = Option.string("delta_pointer", "JSON pointer to a delta link that"
            + " resumes a feed. Refused in this build: pz keeps no sync state yet.");
    static final Option<Integer> MAX_PAGES = Option.integer("max_pages", "Most pages one read requests.")
            .between(1, Integer.MAX_VALUE);

    static final Option<String> WRITE_PATH = Option.string("path", "Path rows are sent to, starting with /; a merge"
            + " path holds {key}, replaced by the row's URL-escaped key.").must("start with /",
                    path -> path.startsWith("/")).required();
    static final Option<Method> METHOD = Option.choice("method", "HTTP method: post (append's default), put"
            + " (merge's default) or patch.", Method.class);
    static final Option<BodyFormat> BODY_FORMAT = Option.choice("body_format", "Append only: a JSON array of rows"
            + " or NDJSON lines per request.", BodyFormat.class).defaultValue(BodyFormat.JSON_ARRAY);
    static final Option<Integer> ROWS_PER_REQUEST = Option.integer("rows_per_request", "Append only: rows per"
            + " request.").between(1, Integer.MAX_VALUE).defaultValue(500);

    static final OptionSet CONNECTION = OptionSet.of(BASE_URL, AUTH, HEADERS, CHECK_PATH, TIMEOUT_SECONDS,
            MAX_RESPONSE_MB, ALLOW_HOSTS);
    static final OptionSet READ = OptionSet.of(PATH, QUERY, PAGINATION, ITEMS, CURSOR, CURSOR_TYPE, CURSOR_POINTER,
            CURSOR_ORDER, DELTA_POINTER, MAX_PAGES);
    static final OptionSet WRITE = OptionSet.of(WRITE_PATH, METHOD, BODY_FORMAT, ROWS_PER_REQUEST);

    private HttpOptions() {
    }

    static boolean isHttpUrl(String text) {
        try {
            URI uri = new URI(text.strip());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null;
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    static boolean isPointer(String text) {
        return text.isEmpty() || text.startsWith("/");
    }

    private static boolean isBareHost(String host) {
        return !host.isBlank() && !host.contains("/") && !host.contains(":") && !host.contains("@");
    }

    /** The types a raw-mode cursor may have. */
    enum CursorType implements Choice {
        INT(ContractTypes.INT), BIGINT(ContractTypes.BIGINT), DECIMAL(ContractTypes.DECIMAL), DATE(ContractTypes.DATE),
        TIMESTAMP(ContractTypes.TIMESTAMP);

        private final ContractTypes type;

        CursorType(ContractTypes type) {
            this.type = type;
        }

        ContractTypes type() {
            return type;
        }

        @Override
        public String word() {
            return type.word();
        }
    }

    /** The order an API returns its records in. */
    enum CursorOrder implements Choice {
        ASC, DESC;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The method a write uses. */
    enum Method implements Choice {
        POST, PUT, PATCH;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How an append request carries its rows. */
    enum BodyFormat implements Choice {
        JSON_ARRAY("json_array", "application/json"), NDJSON("ndjson", "application/x-ndjson");

        private final String word;
        private final String contentType;

        BodyFormat(String word, String contentType) {
            this.word = word;
            this.contentType = contentType;
        }

        @Override
        public String word() {
            return word;
        }

        String contentType() {
            return contentType;
        }
    }
}
