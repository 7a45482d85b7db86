package dev.pz.engine.execute;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSqlException;
import dev.pz.engine.compile.CheckNode;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import java.util.random.RandomGenerator;

/**
 * Runs one node to its terminal result: picks the executor for its kind, gives it its own DuckDB
 * connection, retries transient connector failures of sources and sinks per their policy, and turns
 * every failure into a PZ error. One stopwatch covers all attempts.
 */
public final class NodeRunner {
    private final RunContext context;
    private final RunListener listener;
    private final RandomGenerator random = RandomGenerator.getDefault();
    private final SourceLoadExecutor sources = new SourceLoadExecutor();
    private final PipelineExecutor pipelines = new PipelineExecutor();
    private final CheckExecutor checks = new CheckExecutor();
    private final SinkWriteExecutor sinks = new SinkWriteExecutor();

    public NodeRunner(RunContext context, RunListener listener) {
        this.context = context;
        this.listener = listener;
    }

    /**
     * Runs the node; throws {@link Cancellation.CancelledException} when the run was cancelled. A
     * failure's message has the compile's secret values masked.
     */
    public NodeResult run(Node node) {
        NodeResult result = runAttempts(node);
        return result.error() == null ? result : result.withError(context.dag().secrets().mask(result.error()));
    }

    private NodeResult runAttempts(Node node) {
        listener.nodeStarted(node);
        long started = System.nanoTime();
        RetryPolicy policy = RetryPolicy.of(node, context.project());
        for (int attempt = 1;; attempt++) {
            if (context.cancellation().isCancelled()) {
                throw new Cancellation.CancelledException();
            }
            try {
                NodeOutcome outcome = attempt(node);
                long elapsed = elapsedMs(started);
                return outcome.failure() == null
                        ? NodeResult.success(node, outcome.rows(), elapsed).withWatermark(outcome.watermark())
                                .withTimings(outcome.timings()).withProvenance(outcome.provenance())
                        : NodeResult.failed(node, outcome.failure(), outcome.rows(), elapsed);
            } catch (PzConnectorException e) {
                if (context.cancellation().isCancelled()) {
                    throw new Cancellation.CancelledException();
                }
                if (e.isTransient() && attempt < policy.maxAttempts()) {
                    long delay = policy.delayMillis(attempt, e.retryAfter(), random);
                    listener.retryScheduled(node, attempt + 1, policy.maxAttempts(), delay,
                            context.dag().secrets().mask(FailureMessages.withoutCode(e.getMessage())));
                    sleep(delay);
                    continue;
                }
                return NodeResult.failed(node, PzError.of(e.code().orElse(PzCode.NODE_FAILED),
                        FailureMessages.describe(node, FailureMessages.withoutCode(e.getMessage()))), 0,
                        elapsedMs(started));
            } catch (DuckSqlException e) {
                if (context.cancellation().isCancelled() || e.interrupted()) {
                    throw new Cancellation.CancelledException();
                }
                return NodeResult.failed(node, PzError.of(PzCode.NODE_FAILED,
                        FailureMessages.describe(node, FailureMessages.redact(e.getMessage()))), 0, elapsedMs(started));
            } catch (PzException e) {
                return NodeResult.failed(node, PzError.of(e.code(), e.error().message()), 0, elapsedMs(started));
            } catch (Cancellation.CancelledException e) {
                throw e;
            } catch (RuntimeException e) {
                return NodeResult.failed(node, PzError.of(PzCode.NODE_FAILED,
                        FailureMessages.describe(node, FailureMessages.redact(String.valueOf(e.getMessage())))), 0,
                        elapsedMs(started));
            }
        }
    }

    private NodeOutcome attempt(Node node) {
        try (DuckConnection connection = context.session().connect()) {
            context.cancellation().track(connection);
            try {
                if (node instanceof SourceLoadNode source) {
                    return sources.execute(source, context, connection);
                } else if (node instanceof PipelineNode pipeline) {
                    return pipelines.execute(pipeline, context, connection);
                } else if (node instanceof CheckNode check) {
                    return checks.execute(check, context, connection);
                } else if (node instanceof SinkWriteNode sink) {
                    return sinks.execute(sink, context, connection);
                }
                throw new IllegalStateException("unknown node kind " + node.kind());
            } finally {
                context.cancellation().untrack(connection);
            }
        }
    }

    private void sleep(long millis) {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline) {
            if (context.cancellation().isCancelled()) {
                throw new Cancellation.CancelledException();
            }
            try {
                Thread.sleep(Math.min(50, Math.max(1, deadline - System.currentTimeMillis())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Cancellation.CancelledException();
            }
        }
    }

    private static long elapsedMs(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }
}
