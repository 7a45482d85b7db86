package dev.pz.connectors.http;

import com.fasterxml.jackson.core.JsonPointer;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How a dataset reaches its next page: page numbers in a query parameter, the {@code Link}
 * header's {@code rel="next"}, or a token read from the response body; without a strategy, one
 * request. Written as {@code pagination: {strategy: …}}.
 */
sealed interface Pagination {

    /** The first request: the strategy's own parameters stamped on the dataset's URI (none by default). */
    default URI first(URI uri) {
        return uri;
    }

    /** The page after the one {@code response} answered, if the strategy names one. */
    Optional<URI> next(URI current, HttpResponseBytes response) throws IOException,
            LinkHeaders.UnreadableLinkException;

    /** Whether an empty page ends the crawl even when a next page is named. */
    boolean stopsOnEmptyPage();

    static Pagination of(Map<String, Object> written) {
        if (written == null) {
            return new Single();
        }
        return switch (String.valueOf(written.get("strategy"))) {
            case "page" -> new PageNumbers(text(written, "param", "page"), whole(written.get("start"), 1),
                    text(written, "size_param", null), written.get("size") == null ? null : whole(written.get("size"), 0));
            case "link_header" -> new LinkHeader();
            default -> new Cursor(JsonPointer.compile(text(written, "pointer", "")), text(written, "param", null));
        };
    }

    /** Problems of a {@code pagination:} block, one message each. */
    static List<String> problems(Map<String, Object> written) {
        List<String> problems = new ArrayList<>();
        if (written == null) {
            return problems;
        }
        Object strategy = written.get("strategy");
        Map<String, Set<String>> keys = Map.of("page", Set.of("param", "start", "size_param", "size"), "link_header",
                Set.of(), "cursor", Set.of("pointer", "param"));
        if (strategy == null) {
            problems.add("'pagination' needs a strategy (accepted: page, link_header, cursor)");
            return problems;
        }
        Set<String> accepted = keys.get(String.valueOf(strategy));
        if (accepted == null) {
            problems.add("unknown pagination strategy '" + strategy + "' (accepted: page, link_header, cursor)");
            return problems;
        }
        for (String key : written.keySet()) {
            if (!key.equals("strategy") && !accepted.contains(key)) {
                problems.add("pagination strategy '" + strategy + "' does not take '" + key + "'"
                        + (accepted.isEmpty() ? "" : " (it takes " + String.join(", ", accepted.stream().sorted()
                                .toList()) + ")"));
            }
        }
        switch (String.valueOf(strategy)) {
            case "page" -> {
                if (written.get("start") != null && whole(written.get("start"), -1) < 0) {
                    problems.add("pagination 'start' must be a whole number of at least 0, got '"
                            + written.get("start") + "'");
                }
                if (written.get("size") != null && whole(written.get("size"), 0) <= 0) {
                    problems.add("pagination 'size' must be a positive whole number, got '" + written.get("size") + "'");
                }
                if ((written.get("size") == null) != (written.get("size_param") == null)) {
                    problems.add("pagination 'size_param' and 'size' go together: the API is told the page size"
                            + " it pages by");
                }
                blankName(written, "param", problems);
                blankName(written, "size_param", problems);
            }
            case "cursor" -> {
                Object pointer = written.get("pointer");
                if (pointer == null || !(pointer instanceof String text) || !HttpOptions.isPointer(text)
                        || !JsonPointers.isValid(text)) {
                    problems.add("pagination strategy 'cursor' needs 'pointer', a JSON pointer to the next-page token"
                            + " (e.g. /next_cursor)");
                }
                if (written.get("param") == null || String.valueOf(written.get("param")).isBlank()) {
                    problems.add("pagination strategy 'cursor' needs 'param', the query parameter the token is sent in");
                }
            }
            default -> {
                // link_header takes no options.
            }
        }
        return problems;
    }

    private static void blankName(Map<String, Object> written, String key, List<String> problems) {
        Object value = written.get(key);
        if (value != null && (value instanceof Map || value instanceof List || String.valueOf(value).isBlank())) {
            problems.add("pagination '" + key + "' must be a query parameter name");
        }
    }

    private static String text(Map<String, Object> written, String key, String fallback) {
        Object value = written.get(key);
        return value == null ? fallback : String.valueOf(value);
    }

    /** A whole number written as a number or as digits, else {@code invalid}. */
    private static long whole(Object value, long invalid) {
        if (value instanceof Long || value instanceof Integer) {
            return ((Number) value).longValue();
        }
        if (value instanceof String text && text.strip().matches("-?\\d{1,18}")) {
            return Long.parseLong(text.strip());
        }
        return value == null ? invalid : Long.MIN_VALUE;
    }

    /** {@code param} counts pages from {@code start}; {@code size_param} pins the page size. */
    record PageNumbers(String param, long start, String sizeParam, Long size) implements Pagination {
        @Override
        public URI first(URI uri) {
            URI first = QueryString.with(uri, param, Long.toString(start));
            return sizeParam == null ? first : QueryString.with(first, sizeParam, Long.toString(size));
        }

        @Override
        public Optional<URI> next(URI current, HttpResponseBytes response) {
            long page = QueryString.get(current, param).filter(text -> text.matches("\\d{1,18}")).map(Long::parseLong)
                    .orElse(start);
            return Optional.of(QueryString.with(current, param, Long.toString(page + 1)));
        }

        @Override
        public boolean stopsOnEmptyPage() {
            return true;
        }
    }

    /** The {@code Link} header's {@code rel="next"}. */
    record LinkHeader() implements Pagination {
        @Override
        public Optional<URI> next(URI current, HttpResponseBytes response) throws LinkHeaders.UnreadableLinkException {
            return LinkHeaders.next(response.headers().allValues("Link"), response.uri());
        }

        @Override
        public boolean stopsOnEmptyPage() {
            return false;
        }
    }

    /** A token at {@code pointer} in the body, sent back in {@code param}; absent or empty ends the crawl. */
    record Cursor(JsonPointer pointer, String param) implements Pagination {
        @Override
        public Optional<URI> next(URI current, HttpResponseBytes response) throws IOException {
            return JsonNavigator.textAt(response.body(), pointer).map(token -> QueryString.with(current, param, token));
        }

        @Override
        public boolean stopsOnEmptyPage() {
            return false;
        }
    }

    /** One request. */
    record Single() implements Pagination {
        @Override
        public Optional<URI> next(URI current, HttpResponseBytes response) {
            return Optional.empty();
        }

        @Override
        public boolean stopsOnEmptyPage() {
            return true;
        }
    }
}
