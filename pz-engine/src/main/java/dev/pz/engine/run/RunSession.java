package dev.pz.engine.run;

import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.engine.artifacts.CompileArtifacts;
import dev.pz.engine.artifacts.PeakMemory;
import dev.pz.engine.artifacts.ProjectRunLock;
import dev.pz.engine.artifacts.Retention;
import dev.pz.engine.artifacts.RunDirectory;
import dev.pz.engine.model.RunIds;
import dev.pz.engine.artifacts.RunResultsWriter;
import dev.pz.engine.artifacts.Timestamps;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.dispatch.RunOrchestrator;
import dev.pz.engine.execute.Cancellation;
import dev.pz.engine.execute.NodeResult;
import dev.pz.engine.execute.NodeRunner;
import dev.pz.engine.execute.RunContext;
import dev.pz.engine.execute.RunListener;
import dev.pz.engine.execute.RunStatus;
import dev.pz.engine.execute.SetupLedger;
import dev.pz.engine.execute.StagedReuse;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.execute.WatermarkCandidate;
import dev.pz.engine.execute.WatermarkWindow;
import dev.pz.engine.state.WatermarkStore;
import dev.pz.engine.model.EngineConfig;
import dev.pz.engine.model.Project;
import dev.pz.engine.plan.ExecutionPlan;
import dev.pz.engine.plan.Fusion;
import dev.pz.engine.plan.PlanWriter;
import dev.pz.engine.plan.Planner;
import dev.pz.engine.report.RunGraph;
import dev.pz.engine.report.RunReports;
import dev.pz.engine.validate.ConnectorConfigValidator;
import dev.pz.engine.validate.SqlDryCompiler;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One run, end to end: dry-compile the SQL, plan, create and lock the run directory, open the
 * staging database, dispatch the nodes, then finalize in an order that matters: a {@code running}
 * snapshot, retention, and the terminal snapshot last, so a crash anywhere earlier leaves a run
 * that {@code pz retry} recognises as interrupted.
 */
public final class RunSession {

    /** What to run and where to report. {@code effective} is closed over ancestors, in DAG order. */
    public record Request(Project project, CompiledDag dag, Set<String> effective, boolean failFast,
            boolean fullRefresh, RunListener listener, PrintWriter warnings, Clock clock, Cancellation cancellation,
            RetryPlan retry) {

        public Request(Project project, CompiledDag dag, Set<String> effective, boolean failFast, boolean fullRefresh,
                RunListener listener, PrintWriter warnings, Clock clock, Cancellation cancellation) {
            this(project, dag, effective, failFast, fullRefresh, listener, warnings, clock, cancellation, null);
        }
    }

    /** How it went. {@code sweep} is null when retention is off; {@code notes} are printed as {@code note:}. */
    public record Result(String runId, RunStatus status, List<NodeResult> results, Path resultsFile,
            Retention.Sweep sweep, List<String> notes) {
    }

    private RunSession() {
    }

    /**
     * Runs the request. Throws {@link Cancellation.CancelledException} when the run was cancelled
     * before any run directory was made (nothing started, nothing written).
     */
    public static Result execute(Request request) {
        Project project = request.project();
        ConnectorRegistry registry = ConnectorRegistry.installed();
        ConnectorConfigValidator.validateInstalled(project, request.dag(), registry);
        SqlDryCompiler.run(request.dag());
        ExecutionPlan plan = Fusion.apply(Planner.plan(request.dag(), project, registry, true,
                request.effective()::contains), request.dag(), project, id -> request.effective().contains(id)
                        && (request.retry() == null || !request.retry().reuse().containsKey(id)));
        PlanWriter.write(CompileArtifacts.targetDirectory(project.directory()).resolve("plan.json"), plan);

        request.cancellation().throwIfCancelled();
        Instant started = request.clock().instant();
        String runId = RunIds.next(started);
        try (ProjectRunLock projectLock = ProjectRunLock.acquire(project.directory());
                RunDirectory directory = RunDirectory.create(project.directory(), runId)) {
            WatermarkStore watermarks = WatermarkStore.local(project.directory());
            List<String> notes = java.util.Collections.synchronizedList(new ArrayList<>());
            watermarks.corruptionNotice().ifPresent(notes::add);
            recordGraph(request, plan, directory, notes);
            RunResultsWriter results = new RunResultsWriter(directory.path(), runId, Timestamps.format(started),
                    request.clock(), request.warnings());
            Map<String, WatermarkCandidate> readFrom = request.fullRefresh() ? Map.of() : stored(watermarks);
            RunOrchestrator.Outcome outcome;
            try (RunResources resources = RunResources.open(directory.stagingDatabase(), settings(project, directory))) {
                DuckSession session = resources.session();
                StagedReuse reuse = attachPrior(session, request.retry(), notes);
                RunListener listener = RunListener.all(results, request.listener());
                // Fail-fast and an unresponsive node cancel the dispatcher's scope, never the user's.
                Cancellation dispatch = request.cancellation().child();
                RunContext context = new RunContext(runId, project, request.dag(), plan, session, registry,
                        new SetupLedger(), directory.path(), request.clock(), dispatch, readFrom,
                        resources.allocator(), reuse, listener);
                Duration stopGrace = NodeRunner.stopGrace();
                NodeRunner runner = new NodeRunner(context, listener, resources.abandoned(), stopGrace);
                outcome = new RunOrchestrator(request.dag(), project, runner, listener, dispatch,
                        project.engine().threads(), request.failFast(), stopGrace, resources.abandoned())
                        .run(runId, request.effective(),
                                request.retry() == null ? List.of() : request.retry().carriedForward());
                results.peakMemory(PeakMemory.measure(resources.allocator().getPeakMemoryAllocation()));
            } catch (RuntimeException e) {
                results.writeTerminal(RunStatus.FATAL);
                throw e;
            }
            results.writeRunning();
            Retention.Sweep sweep = project.retention().enabled()
                    ? Retention.sweep(project.directory(), project.retention().keepLast()) : null;
            notes.addAll(WatermarkWindow.caughtUpNotices(request.dag(), outcome.results(), readFrom));
            if (!request.cancellation().isCancelled()) {
                notes.addAll(WatermarkAdvancement.advance(request.dag(), outcome.results(), watermarks, runId));
            }
            results.writeTerminal(outcome.status());
            writeReport(directory, notes);
            return new Result(runId, outcome.status(), outcome.results(), results.file(), sweep, notes);
        }
    }

    /** Keeps the run's planned DAG in its directory ({@code dag.json}), for its report. */
    private static void recordGraph(Request request, ExecutionPlan plan, RunDirectory directory, List<String> notes) {
        try {
            RunGraph.of(request.project().name(), request.project().engine().threads(),
                    request.retry() == null ? null : request.retry().priorRunId(), request.dag(), plan)
                    .write(directory.path());
        } catch (RuntimeException e) {
            notes.add("could not write dag.json (" + e.getMessage() + "); the run's report will lack its graph");
        }
    }

    /** Draws the run's report beside its run_results.json; a failure to do so is a note, never the run's outcome. */
    private static void writeReport(RunDirectory directory, List<String> notes) {
        try {
            RunReports.write(directory.path());
        } catch (RuntimeException e) {
            notes.add("could not write the run report (" + e.getMessage() + "); `pz report` draws it again");
        }
    }

    /** Attaches the prior run's staging database read-only when a retry reuses its tables. */
    private static StagedReuse attachPrior(DuckSession session, RetryPlan retry, List<String> notes) {
        if (retry == null || retry.reuse().isEmpty()) {
            return StagedReuse.none();
        }
        try (DuckConnection connection = session.connect()) {
            connection.execute("attach " + SqlLiterals.string(retry.priorStaging().toString()) + " as "
                    + StagedReuse.ALIAS + " (read_only)");
            return new StagedReuse(retry.priorRunId(), retry.reuse(), notes::add);
        } catch (RuntimeException e) {
            notes.add("staged data from run " + retry.priorRunId() + " could not be attached (" + e.getMessage()
                    + "); re-extracting every source");
            return StagedReuse.none();
        }
    }

    private static Map<String, WatermarkCandidate> stored(WatermarkStore store) {
        Map<String, WatermarkCandidate> stored = new HashMap<>();
        store.all().forEach((key, watermark) -> stored.put(key,
                new WatermarkCandidate(watermark.cursor(), watermark.type(), watermark.value())));
        return stored;
    }

    private static DuckSettings settings(Project project, RunDirectory directory) {
        EngineConfig.DuckDbSettings duckdb = project.engine().duckdb();
        String temp = duckdb.tempDirectory() == null ? null
                : project.directory().resolve(duckdb.tempDirectory()).toString();
        return new DuckSettings(duckdb.memoryLimit(), duckdb.threads(), temp, false);
    }
}
