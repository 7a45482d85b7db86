package dev.pz.engine;

import dev.pz.engine.events.RunListener;
import dev.pz.engine.telemetry.OtelSettings;
import dev.pz.engine.telemetry.TraceExport;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run's OpenTelemetry trace export: off unless {@code --otel-endpoint} or {@code PZ_OTEL_ENDPOINT}
 * names an OTLP/HTTP collector (docs/observability.md). Off costs nothing: no OpenTelemetry class is
 * loaded. {@code TRACEPARENT} in the environment makes the run's span a child of the caller's.
 */
public final class Tracing {
    private final Optional<OtelSettings> settings;
    private final Map<String, String> environment;

    private Tracing(Optional<OtelSettings> settings, Map<String, String> environment) {
        this.settings = settings;
        this.environment = Map.copyOf(environment);
    }

    /** A setting that cannot be used; a front end prints its message as a usage error (exit 2). */
    public static final class InvalidSetting extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InvalidSetting(String message) {
            super(message);
        }
    }

    /**
     * The tracing that {@code endpointOption} (null when not given) and the environment ask for.
     *
     * @throws InvalidSetting for an endpoint that is not an absolute http(s) URL, or a protocol other than OTLP/HTTP
     */
    public static Tracing configure(String endpointOption, Map<String, String> environment) {
        return configure(OtelSettings.Flags.endpoint(endpointOption), environment);
    }

    /**
     * The tracing that the {@code --otel-*} options (each null when not given: {@code --otel-protocol},
     * {@code --otel-endpoint}, {@code --otel-traces-endpoint}, {@code --otel-metrics-endpoint},
     * {@code --otel-headers-file}) and the environment ask for.
     *
     * @throws InvalidSetting for an endpoint that is not an absolute http(s) URL, a protocol other than
     *     OTLP/HTTP, or a metrics endpoint (this build exports traces only)
     */
    public static Tracing configure(String protocol, String endpoint, String tracesEndpoint, String metricsEndpoint,
            String headersFile, Map<String, String> environment) {
        return configure(new OtelSettings.Flags(protocol, endpoint, tracesEndpoint, metricsEndpoint, headersFile),
                environment);
    }

    private static Tracing configure(OtelSettings.Flags flags, Map<String, String> environment) {
        try {
            return new Tracing(OtelSettings.resolve(flags, environment), environment);
        } catch (OtelSettings.Invalid e) {
            throw new InvalidSetting(e.getMessage());
        }
    }

    public boolean enabled() {
        return settings.isPresent();
    }

    /** Starts exporting (nothing when off): add {@link Session#listener()} to the run, then {@link Session#finish()}. */
    public Session start() {
        return new Session(settings.map(value -> TraceExport.start(value, environment)).orElseGet(TraceExport::off));
    }

    /** One run's export. */
    public static final class Session {
        private final TraceExport export;

        private Session(TraceExport export) {
            this.export = export;
        }

        /** The listener that turns the run's events into spans. */
        public RunListener listener() {
            return export.listener();
        }

        /** Sends what is buffered and stops; the notes (each the text after {@code note: }) for the user. */
        public List<String> finish() {
            return export.finish();
        }
    }
}
