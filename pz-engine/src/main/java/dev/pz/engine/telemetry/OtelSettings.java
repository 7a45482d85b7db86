package dev.pz.engine.telemetry;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where a run's traces go: off unless {@code --otel-endpoint} / {@code PZ_OTEL_ENDPOINT} (a collector
 * base URL: spans go to {@code <endpoint>/v1/traces}) or {@code --otel-traces-endpoint} /
 * {@code PZ_OTEL_TRACES_ENDPOINT} (the full traces URL, which wins) names an absolute http(s) URL; each
 * option wins over its variable. pz for Java speaks OTLP over HTTP with protobuf bodies, so a protocol
 * must be {@code http/protobuf} when tracing is on: a gRPC-only collector is refused up front instead
 * of failing quietly at export time (a protocol that is neither is refused always). It exports traces only, so a metrics endpoint is refused rather than
 * ignored. {@code --otel-headers-file} / {@code PZ_OTEL_HEADERS_FILE} names a file of
 * {@code Name=Value} lines sent as headers with every export. This class loads no OpenTelemetry code.
 */
public record OtelSettings(String tracesUrl, Optional<Path> headersFile) {
    public static final String ENDPOINT_VARIABLE = "PZ_OTEL_ENDPOINT";
    public static final String PROTOCOL_VARIABLE = "PZ_OTEL_PROTOCOL";
    public static final String TRACES_ENDPOINT_VARIABLE = "PZ_OTEL_TRACES_ENDPOINT";
    public static final String METRICS_ENDPOINT_VARIABLE = "PZ_OTEL_METRICS_ENDPOINT";
    public static final String HEADERS_FILE_VARIABLE = "PZ_OTEL_HEADERS_FILE";
    private static final String HTTP_PROTOBUF = "http/protobuf";
    private static final String GRPC = "grpc";

    /** What the command line said; each field null when its option was not given. */
    public record Flags(String protocol, String endpoint, String tracesEndpoint, String metricsEndpoint,
            String headersFile) {

        /** Only {@code --otel-endpoint}. */
        public static Flags endpoint(String endpoint) {
            return new Flags(null, endpoint, null, null, null);
        }
    }

    /** A setting that cannot be used; its message is printed as {@code error: <message>}, exit 2. */
    public static final class Invalid extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message);
        }
    }

    /** The settings of {@code --otel-endpoint} {@code option} (may be null) and the environment. */
    public static Optional<OtelSettings> resolve(String option, Map<String, String> environment) {
        return resolve(Flags.endpoint(option), environment);
    }

    /** The settings of the flags and the environment; empty when tracing is off. */
    public static Optional<OtelSettings> resolve(Flags flags, Map<String, String> environment) {
        String protocol = either(flags.protocol(), environment, PROTOCOL_VARIABLE);
        String protocolName = flags.protocol() != null ? "--otel-protocol" : PROTOCOL_VARIABLE;
        String protocolWord = protocol == null ? HTTP_PROTOBUF : protocol.toLowerCase(Locale.ROOT);
        if (!protocolWord.equals(HTTP_PROTOBUF) && !protocolWord.equals(GRPC)) {
            throw new Invalid("invalid " + protocolName + " value '" + protocol + "' (expected http/protobuf: pz for"
                    + " Java exports OTLP over http/protobuf only)");
        }
        String metrics = either(flags.metricsEndpoint(), environment, METRICS_ENDPOINT_VARIABLE);
        if (metrics != null) {
            String name = flags.metricsEndpoint() != null ? "--otel-metrics-endpoint" : METRICS_ENDPOINT_VARIABLE;
            throw new Invalid(name + " cannot be used: pz for Java exports traces only, no metrics (remove it; "
                    + "traces go to --otel-endpoint or --otel-traces-endpoint)");
        }
        String endpoint = either(flags.endpoint(), environment, ENDPOINT_VARIABLE);
        String traces = either(flags.tracesEndpoint(), environment, TRACES_ENDPOINT_VARIABLE);
        Optional<URI> base = endpoint == null ? Optional.empty() : Optional.of(absoluteHttp("--otel-endpoint", endpoint));
        Optional<URI> tracesUrl = traces == null ? Optional.empty()
                : Optional.of(absoluteHttp("--otel-traces-endpoint", traces));
        if (base.isEmpty() && tracesUrl.isEmpty()) {
            return Optional.empty();
        }
        if (protocolWord.equals(GRPC)) {
            throw new Invalid("invalid " + protocolName + " value '" + protocol + "' (pz for Java exports OTLP over "
                    + "http/protobuf only; point --otel-endpoint at the collector's OTLP/HTTP receiver, usually port"
                    + " 4318)");
        }
        String url = tracesUrl.map(URI::toString).orElseGet(() -> withTracesPath(base.orElseThrow()));
        String headers = either(flags.headersFile(), environment, HEADERS_FILE_VARIABLE);
        return Optional.of(new OtelSettings(url, Optional.ofNullable(headers).map(Path::of)));
    }

    /** The option's value when given, else the variable's; null when neither is set or the value is empty. */
    private static String either(String option, Map<String, String> environment, String variable) {
        String value = option != null ? option : environment.get(variable);
        return value == null || value.isEmpty() ? null : value;
    }

    /** The OTLP/HTTP traces URL of a collector base URL: its path with {@code /v1/traces} appended. */
    private static String withTracesPath(URI endpoint) {
        String base = endpoint.toString();
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + "/v1/traces";
    }

    private static URI absoluteHttp(String option, String raw) {
        Invalid invalid = new Invalid("invalid " + option + " value '" + raw + "' (expected an absolute http(s) URL)");
        try {
            URI uri = new URI(raw);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            boolean http = scheme.equals("http") || scheme.equals("https");
            if (http && uri.getHost() != null && uri.getRawQuery() == null && uri.getRawFragment() == null) {
                return uri;
            }
            throw invalid;
        } catch (URISyntaxException e) {
            throw invalid;
        }
    }
}
