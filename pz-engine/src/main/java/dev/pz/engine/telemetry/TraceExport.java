package dev.pz.engine.telemetry;

import dev.pz.engine.events.RunListener;
import java.util.List;
import java.util.Map;

/**
 * A run's trace export: a listener that turns the run's events into spans, and the flush at the
 * end. {@link #off()} does nothing and loads no OpenTelemetry class, so a run without an endpoint
 * pays nothing for tracing.
 */
public interface TraceExport {

    /** The listener to add to the run's listeners. */
    RunListener listener();

    /**
     * Sends what is still buffered and shuts the exporter down; the notes for the user (a
     * {@code TRACEPARENT} that was ignored, spans that could not be delivered). Call once, after the run.
     */
    List<String> finish();

    static TraceExport off() {
        return Off.INSTANCE;
    }

    /**
     * Starts exporting to {@code settings}; {@code TRACEPARENT} (and {@code TRACESTATE}) in
     * {@code environment} make the run's span a child of the caller's.
     */
    static TraceExport start(OtelSettings settings, Map<String, String> environment) {
        return OtlpTraceExport.start(settings, environment);
    }

    /** Tracing off. */
    enum Off implements TraceExport {
        INSTANCE;

        @Override
        public RunListener listener() {
            return new RunListener() {
            };
        }

        @Override
        public List<String> finish() {
            return List.of();
        }
    }
}
