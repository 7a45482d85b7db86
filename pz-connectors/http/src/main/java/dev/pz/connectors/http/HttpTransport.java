package dev.pz.connectors.http;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends one connection's requests: its headers and credentials on every request, each bounded by
 * {@code timeout_seconds} (body included) and {@code max_response_mb}. Redirects are followed by
 * hand, at most five, and only to allowed targets, so credentials never travel to a host the
 * connection does not name. {@link #cancel} stops the request in flight from another thread.
 */
final class HttpTransport implements Cancellable {

    static final String USER_AGENT = "pz-http/0.1";
    private static final int MAX_REDIRECTS = 5;

    private final HttpSettings settings;
    private final Redactor redactor;
    private final HttpClient client;
    private volatile CompletableFuture<?> inFlight;
    private volatile boolean cancelled;

    HttpTransport(HttpSettings settings) {
        this.settings = settings;
        this.redactor = settings.redactor();
        this.client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(settings.timeout()).build();
    }

    Redactor redactor() {
        return redactor;
    }

    HttpSettings settings() {
        return settings;
    }

    /** A GET of {@code uri}, following redirects to allowed targets; any final status is returned. */
    HttpResponseBytes get(URI uri, String context) {
        URI target = uri;
        for (int hop = 0;; hop++) {
            requireAllowed(target, context);
            HttpResponseBytes response = exchange(request(target).GET(), target, context);
            if (!response.redirected()) {
                return response;
            }
            if (hop == MAX_REDIRECTS) {
                throw new PzConnectorException(null, context + ": more than " + MAX_REDIRECTS + " redirects from "
                        + redactor.redact(uri.toString()), false, null, null);
            }
            String location = response.headers().firstValue("Location").orElseThrow();
            try {
                target = target.resolve(location.strip());
            } catch (IllegalArgumentException e) {
                throw new PzConnectorException(null, context + ": " + redactor.redact(target.toString())
                        + " redirected to an address that is not a URL", false, null, null);
            }
        }
    }

    /** A request with a body; a redirect is returned as it is, never followed with the body. */
    HttpResponseBytes send(String method, URI uri, byte[] body, String contentType, String context) {
        requireAllowed(uri, context);
        return exchange(request(uri).header("Content-Type", contentType)
                .method(method, HttpRequest.BodyPublishers.ofByteArray(body)), uri, context);
    }

    @Override
    public void cancel() {
        cancelled = true;
        CompletableFuture<?> current = inFlight;
        if (current != null) {
            current.cancel(true);
        }
    }

    private void requireAllowed(URI target, String context) {
        if (!settings.allows(target)) {
            throw new PzConnectorException(null, context + ": '" + redactor.redact(target.toString())
                    + "' is not an allowed target: requests go only to " + settings.origin()
                    + " and the hosts of allow_hosts (add its host to allow_hosts to follow it)", false, null, null);
        }
    }

    private HttpRequest.Builder request(URI target) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(settings.auth().onto(target)).timeout(settings.timeout())
                .header("User-Agent", USER_AGENT).header("Accept", "application/json");
        for (Map.Entry<String, String> header : settings.headers().entrySet()) {
            builder.setHeader(header.getKey(), header.getValue());
        }
        settings.auth().header().ifPresent(header -> builder.setHeader(header.getKey(), header.getValue()));
        return builder;
    }

    private HttpResponseBytes exchange(HttpRequest.Builder builder, URI target, String context) {
        String shown = redactor.redact(target.toString());
        if (cancelled) {
            throw cancelledFailure(context);
        }
        CompletableFuture<HttpResponse<byte[]>> future = client.sendAsync(builder.build(),
                BoundedBody.handler(settings.maxResponseBytes()));
        inFlight = future;
        if (cancelled) {
            future.cancel(true);
        }
        try {
            HttpResponse<byte[]> response = future.get(settings.timeout().toMillis(), TimeUnit.MILLISECONDS);
            return new HttpResponseBytes(target, response.statusCode(), response.headers(), response.body());
        } catch (TimeoutException e) {
            future.cancel(true);
            throw timedOut(context, shown, e);
        } catch (CancellationException e) {
            throw cancelledFailure(context);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw cancelledFailure(context);
        } catch (ExecutionException e) {
            throw failure(context, shown, e.getCause());
        } finally {
            inFlight = null;
        }
    }

    private PzConnectorException failure(String context, String shown, Throwable cause) {
        if (cancelled) {
            return cancelledFailure(context);
        }
        if (cause instanceof BoundedBody.TooLargeException) {
            return new PzConnectorException(null, context + ": the response from " + shown + " is larger than"
                    + " max_response_mb (" + settings.maxResponseBytes() / (1024 * 1024) + " MiB)", false, null, cause);
        }
        if (cause instanceof HttpTimeoutException) {
            return timedOut(context, shown, cause);
        }
        if (cause instanceof ConnectException) {
            return new PzConnectorException(null, context + ": could not reach '" + shown + "': "
                    + describe(cause, "connection refused"), true, null, cause);
        }
        if (cause instanceof IOException) {
            return new PzConnectorException(null, context + ": the request to " + shown + " failed: "
                    + describe(cause, "connection lost"), true, null, cause);
        }
        return new PzConnectorException(null, context + ": the request to " + shown + " failed: "
                + describe(cause, cause.getClass().getSimpleName()), false, null, cause);
    }

    private PzConnectorException timedOut(String context, String shown, Throwable cause) {
        return new PzConnectorException(null, context + ": the request to " + shown + " timed out after "
                + settings.timeout().toSeconds() + " s (timeout_seconds)", true, null, cause);
    }

    private static PzConnectorException cancelledFailure(String context) {
        return new PzConnectorException(null, context + ": the request was cancelled", false, null, null);
    }

    private String describe(Throwable cause, String fallback) {
        String message = cause.getMessage();
        return message == null || message.isBlank() ? fallback : redactor.redact(message.strip());
    }
}
