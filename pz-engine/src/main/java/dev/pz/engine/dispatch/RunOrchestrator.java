package dev.pz.engine.dispatch;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.execute.AbandonedWork;
import dev.pz.engine.execute.Cancellation;
import dev.pz.engine.execute.Instances;
import dev.pz.engine.execute.NodeRunner;
import dev.pz.engine.execute.NodeUnresponsiveException;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Project;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Dispatches a run's effective nodes in dependency order, at most {@code engine.threads} at once
 * and at most {@code max_concurrency} per connection. Every effective node gets exactly one
 * terminal result: a node starts when all its parents succeeded; a failed node's descendants are
 * skipped.
 *
 * <p>The dispatcher works in its own cancellation scope. The first failure under fail-fast, and a
 * node that ignored its timeout's cancel (PZ0526), cancel that scope: nodes that have not started
 * are skipped, running ones are interrupted and recorded as cancelled. Once the scope is cancelled,
 * for whatever reason, running nodes get the stop grace to unwind; any still running after it are
 * recorded as cancelled and left to the {@link AbandonedWork}, so the run ends in bounded time.
 *
 * <p>A node for which no thread can be started (the process is out of threads or memory) fails
 * with PZ0500, nothing else starts, running nodes are cancelled as above, and the run is fatal:
 * it never waits for a node that was counted as running but never got a thread.
 */
public final class RunOrchestrator {
    private final CompiledDag dag;
    private final Project project;
    private final Function<Node, NodeResult> runner;
    private final RunListener listener;
    private final Cancellation cancellation;
    private final int threads;
    private final boolean failFast;
    private final Duration stopGrace;
    private final AbandonedWork abandoned;
    private final ThreadFactory threadFactory;

    private final Object lock = new Object();
    private final Map<String, Integer> waiting = new HashMap<>();
    private final Map<String, NodeResult> results = new HashMap<>();
    private final List<NodeResult> completionOrder = new ArrayList<>();
    private final PriorityQueue<Node> ready = new PriorityQueue<>(
            Comparator.comparingInt((Node node) -> node.kind().rank()).thenComparing(Node::name));
    private final Map<String, Integer> runningPerConnection = new HashMap<>();
    private final Map<String, Running> runningNodes = new LinkedHashMap<>();
    private Set<String> effective;
    private int running;
    private boolean anyFailed;
    private boolean stopping;
    /** Why the dispatcher must cancel its scope, set under the lock; the main thread cancels outside it. */
    private String abort;
    /** A node could not be started: the run is fatal. */
    private boolean unstartable;

    private record Running(Node node, long startedNanos, Thread thread) {
    }

    /**
     * @param runner runs one node to its terminal result ({@link NodeRunner#run}); may throw
     *     {@link Cancellation.CancelledException} and {@link NodeUnresponsiveException}
     * @param cancellation the dispatcher's scope: a child of the user's, and the parent of every
     *     node attempt's
     * @param stopGrace how long running nodes have to stop once the scope is cancelled
     * @param abandoned where nodes that outlive the grace are left
     */
    public RunOrchestrator(CompiledDag dag, Project project, Function<Node, NodeResult> runner, RunListener listener,
            Cancellation cancellation, int threads, boolean failFast, Duration stopGrace, AbandonedWork abandoned) {
        this(dag, project, runner, listener, cancellation, threads, failFast, stopGrace, abandoned, runnable -> {
            Thread thread = new Thread(runnable, "pz-node");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** As above, with the threads the nodes run on made by {@code threadFactory}. */
    RunOrchestrator(CompiledDag dag, Project project, Function<Node, NodeResult> runner, RunListener listener,
            Cancellation cancellation, int threads, boolean failFast, Duration stopGrace, AbandonedWork abandoned,
            ThreadFactory threadFactory) {
        if (threads < 1) {
            throw new IllegalArgumentException("engine.threads must be at least 1");
        }
        this.dag = dag;
        this.project = project;
        this.runner = runner;
        this.listener = listener;
        this.cancellation = cancellation;
        this.threads = threads;
        this.failFast = failFast;
        this.stopGrace = stopGrace;
        this.abandoned = abandoned;
        this.threadFactory = runnable -> {
            Thread thread = threadFactory.newThread(runnable);
            if (thread == null) {
                // A pool whose factory gives no thread would queue the node with no worker to run it.
                throw new RejectedExecutionException("no thread was made for a node");
            }
            return thread;
        };
    }

    /** The terminal results in completion order, and the run status. */
    public record Outcome(List<NodeResult> results, RunStatus status, long durationMs) {
    }

    /** Runs the effective nodes (already closed over their ancestors, in DAG order). */
    public Outcome run(String runId, Set<String> effectiveIds) {
        return run(runId, effectiveIds, List.of());
    }

    /**
     * Runs the effective nodes after recording {@code seeded} results (a retry's carried-forward
     * sinks), which must lie outside the effective set.
     */
    public Outcome run(String runId, Set<String> effectiveIds, List<NodeResult> seeded) {
        long started = System.nanoTime();
        this.effective = new LinkedHashSet<>(effectiveIds);
        for (NodeResult seed : seeded) {
            if (effective.contains(seed.id())) {
                throw new IllegalArgumentException("a carried-forward node cannot also run: " + seed.name());
            }
        }
        listener.runStarted(runId, project.name(), effective.size());
        synchronized (lock) {
            seeded.forEach(seed -> {
                completionOrder.add(seed);
                listener.nodeCompleted(seed);
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, threadFactory);
        Cancellable wake = () -> {
            synchronized (lock) {
                lock.notifyAll();
            }
        };
        cancellation.track(wake);
        try {
            synchronized (lock) {
                for (Node node : dag.nodes()) {
                    if (!effective.contains(node.id())) {
                        continue;
                    }
                    int parents = (int) node.dependsOn().stream().filter(effective::contains).count();
                    waiting.put(node.id(), parents);
                    if (parents == 0) {
                        ready.add(node);
                    }
                }
                dispatch(pool);
            }
            String reason;
            while ((reason = awaitCompletion(pool)) != null) {
                // Outside the lock: cancelling reaches connectors, which may take a moment to answer.
                cancellation.cancel(reason);
            }
            synchronized (lock) {
                for (Node node : dag.nodes()) {
                    if (effective.contains(node.id()) && !results.containsKey(node.id())) {
                        record(NodeResult.skipped(node));
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancellation.cancel("interrupted");
        } finally {
            cancellation.untrack(wake);
            pool.shutdown();
            if (abandoned.isEmpty()) {
                awaitTermination(pool);
            }
        }
        long duration = (System.nanoTime() - started) / 1_000_000;
        RunStatus status = unstartable ? RunStatus.FATAL : anyFailed ? RunStatus.COMPLETED_WITH_FAILURES
                : cancellation.isCancelled() ? RunStatus.FATAL : RunStatus.SUCCESS;
        List<NodeResult> ordered;
        synchronized (lock) {
            ordered = List.copyOf(completionOrder);
        }
        int succeeded = count(ordered, NodeStatus.SUCCESS);
        int failed = count(ordered, NodeStatus.FAILED);
        listener.runCompleted(status, succeeded, failed, ordered.size() - succeeded - failed, duration);
        return new Outcome(ordered, status, duration);
    }

    /**
     * Waits until no node runs and none is ready. Once the run is cancelled, waits at most the stop
     * grace for running nodes, then records the rest as cancelled and abandons them. Returns early,
     * with the reason, when the dispatcher must first cancel its scope (which the caller does
     * without the lock, then waits again); null once done.
     */
    private String awaitCompletion(ExecutorService pool) throws InterruptedException {
        synchronized (lock) {
            return awaitCompletionLocked(pool);
        }
    }

    private String awaitCompletionLocked(ExecutorService pool) throws InterruptedException {
        long stopDeadline = 0;
        while (results.size() < effective.size() && (running > 0 || !ready.isEmpty())) {
            if (abort != null && !cancellation.isCancelled()) {
                String reason = abort;
                abort = null;
                return reason;
            }
            if (!cancellation.isCancelled()) {
                lock.wait();
                continue;
            }
            dispatch(pool);
            if (stopDeadline == 0) {
                stopDeadline = System.nanoTime() + stopGrace.toNanos();
            }
            long remaining = stopDeadline - System.nanoTime();
            if (running == 0) {
                continue;
            }
            if (remaining <= 0) {
                abandonRunning();
                return null;
            }
            TimeUnit.NANOSECONDS.timedWait(lock, remaining);
        }
        return null;
    }

    /** Records every running node as cancelled and leaves its thread behind. Caller holds the lock. */
    private void abandonRunning() {
        for (Running node : List.copyOf(runningNodes.values())) {
            record(NodeResult.cancelled(node.node(), elapsedMs(node.startedNanos())));
            abandoned.add(node.thread());
        }
        runningNodes.clear();
    }

    /** Starts every ready node that fits the global and per-connection limits. Caller holds the lock. */
    private void dispatch(ExecutorService pool) {
        List<Node> deferred = new ArrayList<>();
        while (!ready.isEmpty() && (running < threads || stopping || cancellation.isCancelled())) {
            Node node = ready.poll();
            if (stopping || cancellation.isCancelled()) {
                record(NodeResult.skipped(node));
                continue;
            }
            String connection = Instances.connectionOf(node).orElse(null);
            Integer cap = capOf(connection);
            if (cap != null && runningPerConnection.getOrDefault(connection, 0) >= cap) {
                deferred.add(node);
                continue;
            }
            running++;
            if (connection != null) {
                runningPerConnection.merge(connection, 1, Integer::sum);
            }
            try {
                pool.execute(() -> execute(node, connection, pool));
            } catch (RejectedExecutionException | OutOfMemoryError noThread) {
                running--;
                if (connection != null) {
                    runningPerConnection.merge(connection, -1, Integer::sum);
                }
                unstartable(node, noThread);
            }
        }
        ready.addAll(deferred);
    }

    /**
     * No thread could be started for {@code node}: it fails with PZ0500, nothing else starts, and the
     * dispatcher's scope is to be cancelled so running nodes stop. Caller holds the lock and wakes
     * the main thread.
     */
    private void unstartable(Node node, Throwable noThread) {
        unstartable = true;
        stopping = true;
        abort = "no thread could be started for " + node.name();
        record(NodeResult.failed(node, PzError.of(PzCode.UNEXPECTED_ENGINE_FAILURE, node.name() + ": could not start:"
                + " no thread for the node (" + noThread + ")").withHint("lower engine.threads in project.yml, or"
                        + " raise this process's thread and memory limits"), 0, 0));
        lock.notifyAll();
    }

    private void execute(Node node, String connection, ExecutorService pool) {
        long started = System.nanoTime();
        synchronized (lock) {
            runningNodes.put(node.id(), new Running(node, started, Thread.currentThread()));
        }
        NodeResult result;
        String cancelRest = null;
        try {
            result = runner.apply(node);
            if (failFast && result.status() == NodeStatus.FAILED) {
                cancelRest = "--fail-fast: " + node.name() + " failed";
            }
        } catch (Cancellation.CancelledException e) {
            result = NodeResult.cancelled(node, elapsedMs(started));
        } catch (NodeUnresponsiveException e) {
            result = NodeResult.failed(node, e.error(), 0, elapsedMs(started));
            cancelRest = node.name() + " is unresponsive";
        } catch (RuntimeException e) {
            result = NodeResult.failed(node, PzError.of(PzCode.NODE_FAILED, node.name() + ": " + e.getMessage()), 0,
                    elapsedMs(started));
        }
        synchronized (lock) {
            runningNodes.remove(node.id());
            running--;
            if (connection != null) {
                runningPerConnection.merge(connection, -1, Integer::sum);
            }
            if (cancelRest != null) {
                stopping = true;
            }
            record(result);
            if (result.status() == NodeStatus.SUCCESS) {
                for (String child : dag.children(node.id())) {
                    if (effective.contains(child) && waiting.merge(child, -1, Integer::sum) == 0
                            && !results.containsKey(child)) {
                        ready.add(dag.node(child));
                    }
                }
            } else {
                for (String descendant : dag.descendants(node.id())) {
                    if (effective.contains(descendant) && !results.containsKey(descendant)) {
                        record(NodeResult.skipped(dag.node(descendant)));
                    }
                }
            }
            if (!pool.isShutdown()) {
                dispatch(pool);
            }
            lock.notifyAll();
        }
        if (cancelRest != null) {
            // Outside the lock: cancelling reaches connectors, which may take a moment to answer.
            cancellation.cancel(cancelRest);
        }
    }

    /** Records a terminal result once. Caller holds the lock. */
    private void record(NodeResult result) {
        if (results.putIfAbsent(result.id(), result) != null) {
            return;
        }
        completionOrder.add(result);
        if (result.status() == NodeStatus.FAILED) {
            anyFailed = true;
        }
        listener.nodeCompleted(result);
    }

    private Integer capOf(String connection) {
        if (connection == null) {
            return null;
        }
        ConnectionDef def = project.connections().get(connection);
        return def == null ? null : def.maxConcurrency();
    }

    private static int count(List<NodeResult> results, NodeStatus status) {
        return (int) results.stream().filter(result -> result.status() == status).count();
    }

    private static long elapsedMs(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000;
    }

    private static void awaitTermination(ExecutorService pool) {
        try {
            if (!pool.awaitTermination(30, TimeUnit.SECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Unmodifiable view used by tests. */
    List<NodeResult> snapshot() {
        synchronized (lock) {
            return Collections.unmodifiableList(new ArrayList<>(completionOrder));
        }
    }
}
