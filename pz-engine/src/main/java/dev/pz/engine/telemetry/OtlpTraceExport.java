package dev.pz.engine.telemetry;

import dev.pz.engine.events.RunListener;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Trace export over OTLP/HTTP with the OpenTelemetry SDK: spans are batched and sent in the
 * background, flushed when the run ends. The SDK's own failure logging is silenced; undelivered
 * spans are counted and reported once as a note, so a missing collector never fails a run.
 */
final class OtlpTraceExport implements TraceExport {
    /** The instrumentation scope of every pz span, as the reference names its source. */
    static final String SCOPE = "Pz.Engine";
    private static final long FLUSH_SECONDS = 10;
    private static final String TRACEPARENT = "TRACEPARENT";
    /**
     * Spans per export request. Collectors commonly refuse bodies over 1 MiB (HTTP 413); pz's spans
     * carry a handful of short attributes, so 256 of them stay far below that.
     */
    private static final int SPANS_PER_REQUEST = 256;
    // Held so the level sticks: java.util.logging keeps loggers only weakly.
    private static final Logger SDK_LOGGER = Logger.getLogger("io.opentelemetry");

    private final OtelSettings settings;
    private final SdkTracerProvider provider;
    private final CountingExporter exporter;
    private final RunListener listener;
    private final Optional<String> ignoredParent;
    private final Optional<ExportHeaders> headers;

    private OtlpTraceExport(OtelSettings settings, SdkTracerProvider provider, CountingExporter exporter,
            RunListener listener, Optional<String> ignoredParent, Optional<ExportHeaders> headers) {
        this.settings = settings;
        this.provider = provider;
        this.exporter = exporter;
        this.listener = listener;
        this.ignoredParent = ignoredParent;
        this.headers = headers;
    }

    static TraceExport start(OtelSettings settings, Map<String, String> environment) {
        SDK_LOGGER.setLevel(Level.OFF);
        Optional<ExportHeaders> headers = settings.headersFile().map(ExportHeaders::new);
        OtlpHttpSpanExporterBuilder builder = OtlpHttpSpanExporter.builder().setEndpoint(settings.tracesUrl())
                .setCompression("gzip").setTimeout(FLUSH_SECONDS, TimeUnit.SECONDS);
        headers.ifPresent(builder::setHeaders);
        CountingExporter exporter = new CountingExporter(builder.build());
        Resource resource = Resource.getDefault().toBuilder().put(AttributeKey.stringKey("service.name"), "pz").build();
        SdkTracerProvider provider = SdkTracerProvider.builder().setResource(resource)
                .addSpanProcessor(BatchSpanProcessor.builder(exporter).setMaxExportBatchSize(SPANS_PER_REQUEST).build())
                .build();
        Tracer tracer = provider.get(SCOPE);
        Context caller = callerContext(environment);
        return new OtlpTraceExport(settings, provider, exporter, new SpanListener(tracer, caller),
                ignoredParent(environment.get(TRACEPARENT), caller), headers);
    }

    /** The note for a {@code TRACEPARENT} that is set but not a valid W3C traceparent; empty otherwise. */
    static Optional<String> ignoredParent(String traceparent, Context caller) {
        if (traceparent == null || traceparent.isBlank() || Span.fromContext(caller).getSpanContext().isValid()) {
            return Optional.empty();
        }
        return Optional.of("ignoring TRACEPARENT '" + traceparent.strip() + "': not a W3C traceparent "
                + "(00-<32 hex trace id>-<16 hex span id>-<2 hex flags>, ids not all zero); the run starts a new trace");
    }

    @Override
    public RunListener listener() {
        return listener;
    }

    @Override
    public List<String> finish() {
        CompletableResultCode flushed = provider.forceFlush().join(FLUSH_SECONDS, TimeUnit.SECONDS);
        provider.shutdown().join(FLUSH_SECONDS, TimeUnit.SECONDS);
        List<String> notes = new ArrayList<>();
        ignoredParent.ifPresent(notes::add);
        headers.ifPresent(file -> notes.addAll(file.notes()));
        long lost = exporter.lost();
        if (!flushed.isSuccess() && lost == 0) {
            notes.add("could not send the run's traces to " + settings.tracesUrl() + " within " + FLUSH_SECONDS + "s");
        } else if (lost > 0) {
            notes.add("could not send " + lost + " span(s) to " + settings.tracesUrl()
                    + " (is an OTLP/HTTP collector listening there?)");
        }
        return notes;
    }

    /** The caller's span from {@code TRACEPARENT}/{@code TRACESTATE}, or the root context when there is none or it is malformed. */
    static Context callerContext(Map<String, String> environment) {
        TextMapGetter<Map<String, String>> getter = new TextMapGetter<>() {
            @Override
            public Iterable<String> keys(Map<String, String> carrier) {
                return carrier.keySet();
            }

            @Override
            public String get(Map<String, String> carrier, String key) {
                return carrier == null ? null : carrier.get(key);
            }
        };
        Map<String, String> carrier = new java.util.HashMap<>();
        Optional.ofNullable(environment.get(TRACEPARENT)).ifPresent(value -> carrier.put("traceparent", value.strip()));
        Optional.ofNullable(environment.get("TRACESTATE")).ifPresent(value -> carrier.put("tracestate", value));
        return W3CTraceContextPropagator.getInstance().extract(Context.root(), carrier, getter);
    }

    /** Counts the spans of every export that failed. */
    private static final class CountingExporter implements SpanExporter {
        private final SpanExporter delegate;
        private final AtomicLong lost = new AtomicLong();

        CountingExporter(SpanExporter delegate) {
            this.delegate = delegate;
        }

        long lost() {
            return lost.get();
        }

        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            CompletableResultCode result = delegate.export(spans);
            int count = spans.size();
            result.whenComplete(() -> {
                if (!result.isSuccess()) {
                    lost.addAndGet(count);
                }
            });
            return result;
        }

        @Override
        public CompletableResultCode flush() {
            return delegate.flush();
        }

        @Override
        public CompletableResultCode shutdown() {
            return delegate.shutdown();
        }
    }
}
