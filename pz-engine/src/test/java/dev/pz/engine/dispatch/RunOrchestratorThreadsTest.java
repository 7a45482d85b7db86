package dev.pz.engine.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.DagCompiler;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.RenderContext;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.execute.AbandonedWork;
import dev.pz.engine.execute.Cancellation;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.model.Project;
import dev.pz.testing.memory.MemoryStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node that gets no thread (the JVM cannot create one) fails the run fatally instead of leaving
 * the dispatcher waiting for it. The failure is injected through the pool's thread factory: the
 * first threads are real, the next one fails as {@code Thread.start} does when the process is out
 * of threads. The class timeout only guards against the hang this fixes.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RunOrchestratorThreadsTest {

    @TempDir
    Path directory;

    private CompiledDag dag;
    private Project project;

    @BeforeEach
    void chainOfThreeNodes() {
        MemoryStore.ordersAndOut(directory, 3).projectYml("threads", "engine:\n  threads: 2")
                .file("pipelines/totals.sql", "INSERT INTO {{ sink('out', 'totals', strategy: 'replace') }}\n"
                        + "select sum(amount) as total from {{ source('src', 'orders') }}\n");
        project = ProjectLoader.load(directory, Map.of(), Map.of());
        dag = DagCompiler.compile(project, RenderContext.forCompile(Map.of()), connector -> Set.of());
    }

    /** Real daemon threads for the first {@code real} requests, then what Thread.start throws without one. */
    private static ThreadFactory failingAfter(int real) {
        AtomicInteger made = new AtomicInteger();
        return runnable -> {
            if (made.incrementAndGet() > real) {
                throw new OutOfMemoryError("unable to create native thread: possibly out of memory or process/resource"
                        + " limits reached");
            }
            Thread thread = new Thread(runnable, "test-node");
            thread.setDaemon(true);
            return thread;
        };
    }

    private RunOrchestrator.Outcome run(ThreadFactory threads, Function<Node, NodeResult> runner) {
        RunOrchestrator orchestrator = new RunOrchestrator(dag, project, runner, new RunListener() { },
                new Cancellation(), 2, false, Duration.ofSeconds(5), new AbandonedWork(), threads);
        return orchestrator.run("r1", Set.copyOf(dag.nodes().stream().map(Node::id).toList()));
    }

    private static NodeResult succeed(Node node) {
        return NodeResult.success(node, 1, 0);
    }

    @Test
    void noThreadForTheFirstNodeFailsTheRunFatally() {
        RunOrchestrator.Outcome outcome = run(failingAfter(0), RunOrchestratorThreadsTest::succeed);

        assertThat(outcome.status()).isEqualTo(RunStatus.FATAL);
        assertThat(outcome.results()).extracting(NodeResult::name, NodeResult::status).containsExactly(
                tuple("src_src__orders", NodeStatus.FAILED),
                tuple("totals", NodeStatus.SKIPPED),
                tuple("out.totals", NodeStatus.SKIPPED));
        NodeResult failed = outcome.results().get(0);
        assertThat(failed.error().code()).isEqualTo(PzCode.UNEXPECTED_ENGINE_FAILURE);
        assertThat(failed.error().message()).startsWith("src_src__orders: could not start: no thread for the node")
                .contains("unable to create native thread");
        assertThat(failed.error().hint()).contains("engine.threads");
    }

    @Test
    void noThreadForANodeAWorkerDispatchesFailsTheRunInsteadOfHangingIt() {
        // The first node runs on the one real thread; finishing, it dispatches the next, whose thread fails
        // to start inside that worker, after the node was counted as running.
        RunOrchestrator.Outcome outcome = run(failingAfter(1), RunOrchestratorThreadsTest::succeed);

        assertThat(outcome.status()).isEqualTo(RunStatus.FATAL);
        assertThat(outcome.results()).extracting(NodeResult::name, NodeResult::status).containsExactly(
                tuple("src_src__orders", NodeStatus.SUCCESS),
                tuple("totals", NodeStatus.FAILED),
                tuple("out.totals", NodeStatus.SKIPPED));
        assertThat(outcome.results().get(1).error().code()).isEqualTo(PzCode.UNEXPECTED_ENGINE_FAILURE);
    }

    @Test
    void aFactoryThatGivesNoThreadIsRefusedRatherThanLeavingTheNodeQueued() {
        RunOrchestrator.Outcome outcome = run(runnable -> null, RunOrchestratorThreadsTest::succeed);

        assertThat(outcome.status()).isEqualTo(RunStatus.FATAL);
        assertThat(outcome.results()).extracting(NodeResult::status).containsExactly(NodeStatus.FAILED,
                NodeStatus.SKIPPED, NodeStatus.SKIPPED);
    }

    @Test
    void withThreadsTheSameRunSucceeds() {
        RunOrchestrator.Outcome outcome = run(failingAfter(Integer.MAX_VALUE), RunOrchestratorThreadsTest::succeed);

        assertThat(outcome.status()).isEqualTo(RunStatus.SUCCESS);
        assertThat(outcome.results()).extracting(NodeResult::name, NodeResult::status).containsExactly(
                tuple("src_src__orders", NodeStatus.SUCCESS), tuple("totals", NodeStatus.SUCCESS),
                tuple("out.totals", NodeStatus.SUCCESS));
    }
}
