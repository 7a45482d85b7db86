package dev.pz.engine.telemetry;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where a run's traces go: off unless {@code --otel-endpoint} or {@code PZ_OTEL_ENDPOINT} names an
 * absolute http(s) URL (the option wins). pz for Java speaks OTLP over HTTP with protobuf bodies:
 * spans are posted to {@code <endpoint>/v1/traces}, the collector's OTLP/HTTP receiver (port 4318 by
 * convention). {@code PZ_OTEL_PROTOCOL}, when set, must say {@code http/protobuf}: a gRPC-only
 * collector is refused up front instead of failing quietly at export time. This class loads no
 * OpenTelemetry code.
 */
public record OtelSettings(URI endpoint) {
    public static final String ENDPOINT_VARIABLE = "PZ_OTEL_ENDPOINT";
    public static final String PROTOCOL_VARIABLE = "PZ_OTEL_PROTOCOL";
    private static final String HTTP_PROTOBUF = "http/protobuf";

    /** A setting that cannot be used; its message is printed as {@code error: <message>}, exit 2. */
    public static final class Invalid extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message);
        }
    }

    /** The settings of {@code option} (may be null) and the environment; empty when tracing is off. */
    public static Optional<OtelSettings> resolve(String option, Map<String, String> environment) {
        String raw = option != null ? option : environment.get(ENDPOINT_VARIABLE);
        if (raw == null || raw.isEmpty()) {
            return Optional.empty();
        }
        URI endpoint = absoluteHttp(raw).orElseThrow(() -> new Invalid("invalid --otel-endpoint value '" + raw
                + "' (expected an absolute http(s) URL)"));
        String protocol = environment.get(PROTOCOL_VARIABLE);
        if (protocol != null && !protocol.isEmpty() && !protocol.toLowerCase(Locale.ROOT).equals(HTTP_PROTOBUF)) {
            throw new Invalid("invalid " + PROTOCOL_VARIABLE + " value '" + protocol + "' (pz for Java exports OTLP "
                    + "over http/protobuf only; point --otel-endpoint at the collector's OTLP/HTTP receiver, "
                    + "usually port 4318)");
        }
        return Optional.of(new OtelSettings(endpoint));
    }

    /** The OTLP/HTTP traces URL: the endpoint's path with {@code /v1/traces} appended. */
    public String tracesUrl() {
        String base = endpoint.toString();
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + "/v1/traces";
    }

    private static Optional<URI> absoluteHttp(String raw) {
        try {
            URI uri = new URI(raw);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            boolean http = scheme.equals("http") || scheme.equals("https");
            return http && uri.getHost() != null && uri.getRawQuery() == null && uri.getRawFragment() == null
                    ? Optional.of(uri) : Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }
}
