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
import dev.pz.engine.connect.ConnectorMessages;
import dev.pz.engine.events.EngineFailures;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.load.Durations;
import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import java.util.random.RandomGenerator;

/**
 * Runs one node to its terminal result: picks the executor for its kind, gives it its own DuckDB
 * connection, retries transient connector failures of sources and sinks per their policy, and turns
 * every failure into a PZ error. One stopwatch covers all attempts.
 *
 * <p>Each attempt runs in a cancellation scope of its own under the run's. With
 * {@code engine.node_timeout} an attempt that runs longer is cancelled and fails with PZ0525, and is
 * not retried (a source it cancelled may have left a half-built table); one that ignores the cancel
 * is abandoned with PZ0526, thrown to the dispatcher. With {@code engine.breaker} every attempt of a
 * source or sink first asks its connection's breaker: while it is open the attempt waits for the
 * cool-down, at most {@value #MAX_OPEN_WAITS} times per node, then fails with PZ0506 without calling
 * the connector.
 */
public final class NodeRunner {
    /** Bounds the time a node waits on an open breaker to this many cool-downs, across its attempts. */
    static final int MAX_OPEN_WAITS = 2;

    private final RunContext context;
    private final RunListener listener;
    private final Breakers breakers;
    private final AbandonedWork abandoned;
    private final Duration stopGrace;
    // Not RandomGenerator.getDefault(), which looks its algorithm up through a ServiceLoader over every
    // generator the JDK ships: start-up time for every run. Random is thread-safe.
    private final RandomGenerator random = new Random();
    private final SourceLoadExecutor sources = new SourceLoadExecutor();
    private final PipelineExecutor pipelines = new PipelineExecutor();
    private final CheckExecutor checks = new CheckExecutor();
    private final SinkWriteExecutor sinks = new SinkWriteExecutor();

    /**
     * @param context the run's context; its cancellation is the dispatcher's scope
     * @param abandoned where attempts that ignored cancellation are left
     * @param stopGrace how long a cancelled attempt has to stop before it is abandoned
     */
    public NodeRunner(RunContext context, RunListener listener, AbandonedWork abandoned, Duration stopGrace) {
        this.context = context;
        this.listener = listener;
        this.abandoned = abandoned;
        this.stopGrace = stopGrace;
        this.breakers = new Breakers(context.project().engine().breaker(), listener, System::nanoTime);
    }

    /** How long cancelled work has to stop: 30 s (tests shorten it through an internal property). */
    public static Duration stopGrace() {
        return TimedAttempt.stopGrace();
    }

    /**
     * Runs the node. Throws {@link Cancellation.CancelledException} when the run was cancelled and
     * {@link NodeUnresponsiveException} when an attempt ignored its timeout's cancel. A failure's
     * message has the compile's secret values masked.
     */
    public NodeResult run(Node node) {
        NodeResult result = runAttempts(node);
        return result.error() == null ? result : result.withError(context.dag().secrets().mask(result.error()));
    }

    private NodeResult runAttempts(Node node) {
        listener.nodeStarted(node);
        long started = System.nanoTime();
        Cancellation run = context.cancellation();
        RetryPolicy policy = RetryPolicy.of(node, context.project());
        Optional<CircuitBreaker> breaker = breakers.of(node);
        int openWaits = 0;
        for (int attempt = 1;; attempt++) {
            run.throwIfCancelled();
            long ticket = 0;
            if (breaker.isPresent()) {
                CircuitBreaker.Admission admission;
                while (!(admission = breaker.get().enter()).admitted()) {
                    if (++openWaits > MAX_OPEN_WAITS) {
                        return NodeResult.failed(node, breakerOpen(node, admission.retryIn()), 0, elapsedMs(started));
                    }
                    run.sleep(admission.retryIn());
                }
                ticket = admission.ticket();
            }
            try {
                NodeOutcome outcome = attempt(node, attempt);
                succeeded(breaker, ticket);
                long elapsed = elapsedMs(started);
                return outcome.failure() == null
                        ? NodeResult.success(node, outcome.rows(), elapsed).withWatermark(outcome.watermark())
                                .withTimings(outcome.timings()).withProvenance(outcome.provenance()).withCdc(outcome.cdc())
                        : NodeResult.failed(node, outcome.failure(), outcome.rows(), elapsed);
            } catch (TimedAttempt.NodeTimedOutException e) {
                run.throwIfCancelled();
                failedTransiently(breaker, ticket, null);
                return NodeResult.failed(node, e.error(), 0, elapsedMs(started));
            } catch (NodeUnresponsiveException e) {
                failedTransiently(breaker, ticket, null);
                throw e;
            } catch (PzConnectorException e) {
                run.throwIfCancelled();
                if (e.isTransient()) {
                    failedTransiently(breaker, ticket, e.retryAfter().orElse(null));
                }
                if (e.isTransient() && attempt < policy.maxAttempts()) {
                    long delay = policy.delayMillis(attempt, e.retryAfter(), random);
                    listener.retryScheduled(node, attempt + 1, policy.maxAttempts(), delay,
                            context.dag().secrets().mask(ConnectorMessages.withoutCode(e.getMessage())));
                    run.sleep(Duration.ofMillis(delay));
                    continue;
                }
                return NodeResult.failed(node, environmentFailure(node, e).orElseGet(() -> PzError.of(
                        e.code().orElse(PzCode.NODE_FAILED), FailureMessages.describe(node,
                                ConnectorMessages.withoutCode(e.getMessage())))), 0, elapsedMs(started));
            } catch (DuckSqlException e) {
                if (run.isCancelled() || e.interrupted()) {
                    throw new Cancellation.CancelledException();
                }
                return NodeResult.failed(node, environmentFailure(node, e).orElseGet(() -> PzError.of(
                        PzCode.NODE_FAILED, FailureMessages.describe(node, FailureMessages.redact(e.getMessage())))), 0,
                        elapsedMs(started));
            } catch (Cancellation.CancelledException e) {
                throw e;
            } catch (LinkageError e) {
                run.throwIfCancelled();
                PzConnectorException failure = ConnectorFaults.failure(e);
                return NodeResult.failed(node, PzError.of(PzCode.NODE_FAILED, FailureMessages.describe(node,
                        ConnectorMessages.withoutCode(failure.getMessage()))), 0, elapsedMs(started));
            } catch (PzException e) {
                run.throwIfCancelled();
                return NodeResult.failed(node, PzError.of(e.code(), e.error().message()), 0, elapsedMs(started));
            } catch (RuntimeException e) {
                // Whatever a cancelled attempt threw while unwinding is not the failure to report.
                run.throwIfCancelled();
                return NodeResult.failed(node, environmentFailure(node, e).orElseGet(() -> PzError.of(
                        PzCode.NODE_FAILED, FailureMessages.describe(node,
                                FailureMessages.redact(String.valueOf(e.getMessage()))))), 0, elapsedMs(started));
            }
        }
    }

    /**
     * A node stopped by the machine (a full disk, a denied or locked file) fails with that code
     * (PZ0531–PZ0533), so run_results.json says what happened; its message names the file, not data.
     */
    private static Optional<PzError> environmentFailure(Node node, RuntimeException failure) {
        if (failure instanceof PzConnectorException connector && connector.code().isPresent()
                && connector.code().get() != PzCode.NODE_FAILED) {
            return Optional.empty();
        }
        return EngineFailures.classify(failure, "run `pz retry`")
                .map(error -> PzError.of(error.code(), FailureMessages.describe(node, error.message())));
    }

    /** One attempt in a scope of its own, bounded by {@code engine.node_timeout} when one is set. */
    private NodeOutcome attempt(Node node, int attempt) {
        Cancellation scope = context.cancellation().child();
        RunContext attemptContext = context.withCancellation(scope);
        Duration timeout = context.project().engine().nodeTimeout();
        if (timeout == null) {
            return execute(node, attemptContext);
        }
        return TimedAttempt.run(node, attempt, timeout, stopGrace, scope, () -> execute(node, attemptContext),
                abandoned);
    }

    private NodeOutcome execute(Node node, RunContext attemptContext) {
        Cancellation scope = attemptContext.cancellation();
        scope.throwIfCancelled();
        try (DuckConnection connection = context.session().connect()) {
            scope.track(connection);
            try {
                if (node instanceof SourceLoadNode source) {
                    return sources.execute(source, attemptContext, connection);
                } else if (node instanceof PipelineNode pipeline) {
                    return pipelines.execute(pipeline, attemptContext, connection);
                } else if (node instanceof CheckNode check) {
                    return checks.execute(check, attemptContext, connection);
                } else if (node instanceof SinkWriteNode sink) {
                    return sinks.execute(sink, attemptContext, connection);
                }
                throw new IllegalStateException("unknown node kind " + node.kind());
            } finally {
                scope.untrack(connection);
            }
        }
    }

    private static void succeeded(Optional<CircuitBreaker> breaker, long ticket) {
        breaker.ifPresent(open -> open.succeeded(ticket));
    }

    private static void failedTransiently(Optional<CircuitBreaker> breaker, long ticket, Duration retryAfter) {
        breaker.ifPresent(open -> open.failedTransiently(ticket, retryAfter));
    }

    private static PzError breakerOpen(Node node, Duration retryIn) {
        String connection = Instances.connectionOf(node).orElseThrow();
        return PzError.of(PzCode.BREAKER_OPEN, "circuit breaker for instance '" + Instances.key(connection)
                + "' is open (cool-down " + Durations.seconds(retryIn.toMillis()) + "); the connector was not invoked.")
                .withHint("retry with `pz retry` after the cool-down, or raise engine.breaker.failure_threshold");
    }

    private static long elapsedMs(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }
}
