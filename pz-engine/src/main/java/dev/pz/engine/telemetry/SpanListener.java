package dev.pz.engine.telemetry;

import dev.pz.engine.events.NodeRef;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A run's events as spans, named and tagged as the reference names them: {@code run}
 * ({@code pz.run.id}, {@code pz.run.project}), a child of the caller's span when {@code TRACEPARENT}
 * named one, and under it one {@code node.<Kind>} span per node that started ({@code pz.node.id},
 * {@code pz.node.name}, {@code pz.node.status}; error status with the PZ code for a failed node). A
 * node that never started (skipped, carried forward) has no span. Retries are span events.
 */
final class SpanListener implements RunListener {
    static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("pz.run.id");
    static final AttributeKey<String> RUN_PROJECT = AttributeKey.stringKey("pz.run.project");
    static final AttributeKey<String> NODE_ID = AttributeKey.stringKey("pz.node.id");
    static final AttributeKey<String> NODE_NAME = AttributeKey.stringKey("pz.node.name");
    static final AttributeKey<String> NODE_STATUS = AttributeKey.stringKey("pz.node.status");

    private final Tracer tracer;
    private final Context caller;
    private final Map<String, Span> nodes = new ConcurrentHashMap<>();
    private volatile Span run;

    SpanListener(Tracer tracer, Context caller) {
        this.tracer = tracer;
        this.caller = caller;
    }

    @Override
    public void runStarted(String runId, String projectName, int nodeCount) {
        run = tracer.spanBuilder("run").setParent(caller).setAttribute(RUN_ID, runId)
                .setAttribute(RUN_PROJECT, projectName).startSpan();
    }

    @Override
    public void nodeStarted(NodeRef node) {
        Span parent = run;
        if (parent == null) {
            return;
        }
        nodes.put(node.id(), tracer.spanBuilder("node." + node.kind().pascalName())
                .setParent(caller.with(parent)).setAttribute(NODE_ID, node.id()).setAttribute(NODE_NAME, node.name())
                .startSpan());
    }

    @Override
    public void retryScheduled(NodeRef node, int attempt, int maxAttempts, long delayMs, String reason) {
        Span span = nodes.get(node.id());
        if (span != null) {
            span.addEvent("retry", Attributes.of(AttributeKey.longKey("pz.retry.attempt"), (long) attempt,
                    AttributeKey.longKey("pz.retry.max_attempts"), (long) maxAttempts,
                    AttributeKey.longKey("pz.retry.delay_ms"), delayMs));
        }
    }

    @Override
    public void nodeCompleted(NodeResult result) {
        Span span = nodes.remove(result.id());
        if (span == null) {
            return;
        }
        span.setAttribute(NODE_STATUS, result.status().word());
        if (result.error() != null) {
            span.setStatus(StatusCode.ERROR, result.error().code().code());
        }
        span.end();
    }

    @Override
    public void runCompleted(RunStatus status, int succeeded, int failed, int skipped, long durationMs) {
        nodes.values().forEach(Span::end);
        nodes.clear();
        Span span = run;
        if (span != null) {
            span.end();
        }
    }
}
