package dev.pz.connectors.http;

import dev.pz.connectors.api.error.PzConnectorException;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;

/**
 * Which HTTP failures may pass on a retry, and how long the server asked to wait: 408, 429, 500,
 * 502, 503 and 504 are transient, as are network failures and timeouts; every other status is
 * permanent. pz's retry policy decides whether and when to retry; a connector never sleeps.
 */
final class HttpFailures {

    private static final Set<Integer> TRANSIENT_STATUSES = Set.of(408, 429, 500, 502, 503, 504);
    private static final int SNIPPET_CHARACTERS = 200;

    private HttpFailures() {
    }

    static boolean isTransient(int status) {
        return TRANSIENT_STATUSES.contains(status);
    }

    /**
     * The wait a {@code Retry-After} header asks for: delta-seconds or an HTTP date (a date in the
     * past is no wait); empty when absent or unparsable.
     */
    static Optional<Duration> retryAfter(HttpHeaders headers, Instant now) {
        Optional<String> value = headers.firstValue("Retry-After").map(String::strip);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        String text = value.get();
        if (text.matches("\\d{1,18}")) {
            return Optional.of(Duration.ofSeconds(Long.parseLong(text)));
        }
        try {
            Instant at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** A non-2xx response as a failure: transient (with the server's wait) or permanent. */
    static PzConnectorException status(String context, HttpResponseBytes response, Redactor redactor,
            boolean showBody) {
        int status = response.status();
        String uri = redactor.redact(response.uri().toString());
        if (isTransient(status)) {
            return new PzConnectorException(null, context + ": HTTP " + status + " from " + uri
                    + " (the server may recover; pz retries it)", true,
                    retryAfter(response.headers(), Instant.now()).orElse(null), null);
        }
        String snippet = showBody ? snippet(response.body(), redactor) : "";
        String advice = status == 401 || status == 403
                ? "the server refused the credentials: check the connection's auth: block"
                : "check the endpoint path and auth config";
        return new PzConnectorException(null, context + ": HTTP " + status + " from " + uri
                + (snippet.isEmpty() ? "" : ": " + snippet) + " (" + advice + ")", false, null, null);
    }

    /** The start of a response body on one line, credentials masked. */
    static String snippet(byte[] body, Redactor redactor) {
        String text = new String(body, 0, Math.min(body.length, SNIPPET_CHARACTERS * 4),
                java.nio.charset.StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
        if (text.length() > SNIPPET_CHARACTERS) {
            text = text.substring(0, SNIPPET_CHARACTERS) + "…";
        }
        return redactor.redact(text);
    }
}
