package dev.pz.engine.run;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.artifacts.PeakMemory;
import dev.pz.engine.artifacts.ProjectRunLock;
import dev.pz.engine.artifacts.Retention;
import dev.pz.engine.artifacts.RunDirectory;
import dev.pz.engine.artifacts.RunResultsWriter;
import dev.pz.engine.artifacts.RunTemporaries;
import dev.pz.engine.artifacts.Timestamps;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.dispatch.RunOrchestrator;
import dev.pz.engine.events.EngineFailures;
import dev.pz.engine.events.EnvironmentFailure;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.events.WatermarkCandidate;
import dev.pz.engine.execute.Cancellation;
import dev.pz.engine.execute.NodeRunner;
import dev.pz.engine.execute.RunContext;
import dev.pz.engine.execute.SetupLedger;
import dev.pz.engine.execute.SourceSlice;
import dev.pz.engine.execute.StagedReuse;
import dev.pz.engine.execute.WatermarkWindow;
import dev.pz.engine.model.EngineConfig;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.RunIds;
import dev.pz.engine.plan.ExecutionPlan;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateBackends;
import dev.pz.engine.state.SyncStateStore;
import dev.pz.engine.state.Watermark;
import dev.pz.engine.state.WatermarkStore;
import dev.pz.engine.report.RunGraph;
import dev.pz.engine.report.RunReports;
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
 * One run, end to end, after the preflight passed and planned it: create and lock the run
 * directory, record that the run started, open the staging database (on a thread of its own, while
 * the run reads its state and writes {@code dag.json}), dispatch the nodes, then
 * finalize in an order that matters: a {@code running} snapshot, retention, and the terminal
 * snapshot last, so a crash anywhere earlier leaves a run that {@code pz retry} recognises as
 * interrupted. When the machine stops the run (a full disk, a denied directory) its error and notes
 * say what {@code pz runs} and {@code pz retry} will make of what was recorded.
 */
public final class RunSession {
    private static final String RERUN = "run `pz run` again";

    /**
     * What to run and where to report. {@code effective} is closed over ancestors, in DAG order;
     * {@code plan} is the preflight's plan of the whole DAG; {@code retry} is null outside
     * {@code pz retry}.
     */
    public record Request(Project project, CompiledDag dag, ExecutionPlan plan, ConnectorRegistry registry,
            Set<String> effective, boolean failFast, boolean fullRefresh, RunListener listener, Clock clock,
            Cancellation cancellation, RetryPlan retry, Hooks hooks) {

        public Request(Project project, CompiledDag dag, ExecutionPlan plan, ConnectorRegistry registry,
                Set<String> effective, boolean failFast, boolean fullRefresh, RunListener listener, Clock clock,
                Cancellation cancellation, RetryPlan retry) {
            this(project, dag, plan, registry, effective, failFast, fullRefresh, listener, clock, cancellation, retry,
                    new Hooks() {
                    });
        }
    }

    /**
     * How a sharded run or a commit differs from a plain run; a plain run uses the defaults. A run
     * that is not {@link #exclusive} takes neither run lock and sweeps nothing, because the other
     * shards of its run work in the same project at the same time; it advances no state.
     */
    public interface Hooks {
        default boolean exclusive() {
            return true;
        }

        /** The watermarks the run reads from, given those stored. */
        default Map<String, WatermarkCandidate> readFrom(Map<String, WatermarkCandidate> stored) {
            return stored;
        }

        /** The part of its source a sharded run keeps, or null. */
        default SourceSlice slice() {
            return null;
        }

        /** Runs in the staging session before the first node. */
        default void beforeNodes(DuckSession session) {
        }

        /** Runs in the staging session after every node succeeded; a failure makes the run fatal. */
        default void afterNodes(DuckSession session, List<NodeResult> results) {
        }
    }

    /** How it went. {@code sweep} is null when retention is off; {@code notes} are printed as {@code note:}. */
    public record Result(String runId, RunStatus status, List<NodeResult> results, Path resultsFile,
            Retention.Sweep sweep, List<String> notes) {
    }

    private RunSession() {
    }

    /**
     * @throws Cancellation.CancelledException when the run was cancelled before any run directory
     *         was made (nothing started, nothing written)
     * @throws EnvironmentFailure when the machine stopped the run; its hint says what to do next
     */
    public static Result execute(Request request) {
        return execute(request, null);
    }

    /**
     * As {@link #execute(Request)}, the run's DuckDB made from {@code preflightDatabase}, the
     * preflight's in-memory one ({@link dev.pz.engine.validate.Preflight.Kept}), when not null; the
     * caller still closes it (a no-op once the run took it over).
     */
    public static Result execute(Request request, DuckSession preflightDatabase) {
        Project project = request.project();
        request.cancellation().throwIfCancelled();
        Instant started = request.clock().instant();
        String runId = RunIds.next(started);
        Hooks hooks = request.hooks();
        try (StateBackend state = StateBackends.open(project.state(), project.directory());
                ProjectRunLock projectLock = hooks.exclusive() ? ProjectRunLock.acquire(project.directory()) : null;
                StateBackend.RunLock sharedLock = hooks.exclusive() ? state.lockRun(runId) : StateBackend.RunLock.none();
                RunDirectory directory = RunDirectory.create(project.directory(), runId);
                RunTemporaries temporaries = new RunTemporaries(directory.path(), started)) {
            RunResultsWriter results = new RunResultsWriter(directory.path(), runId, Timestamps.format(started),
                    request.clock());
            recordStart(results, directory);
            try (RunResourcesOpening opening = RunResourcesOpening.start(directory.stagingDatabase(), settings(project),
                    preflightDatabase)) {
                return run(request, runId, started, state, directory, temporaries, results, opening);
            }
        }
    }

    /** The run after its start was recorded, while {@code opening} opens its DuckDB. */
    private static Result run(Request request, String runId, Instant started, StateBackend state,
            RunDirectory directory, RunTemporaries temporaries, RunResultsWriter results, RunResourcesOpening opening) {
        Project project = request.project();
        Hooks hooks = request.hooks();
        if (hooks.exclusive()) {
            RunTemporaries.sweepAbandoned(project.directory(), started, false);
        }
        WatermarkStore watermarks = WatermarkStore.on(state);
        List<String> notes = java.util.Collections.synchronizedList(new ArrayList<>());
        if (!project.state().fullyDefault()) {
            notes.add("state backend: " + project.state().describe());
        }
        watermarks.corruptionNotice().ifPresent(notes::add);
        recordGraph(request, request.plan(), directory, notes);
        Map<String, Watermark> storedAtStart = watermarks.all();
        Map<String, WatermarkCandidate> readFrom = hooks.readFrom(request.fullRefresh() ? Map.of()
                : candidates(storedAtStart));
        SyncStateStore syncStates = SyncStateStore.on(state);
        syncStates.corruptionNotice().ifPresent(notes::add);
        Map<String, String> tokens = request.fullRefresh() ? Map.of() : tokens(syncStates);
        RunOrchestrator.Outcome outcome;
        try (RunResources resources = opening.take()) {
            DuckSession session = resources.session();
            StagedReuse reuse = attachPrior(session, request.retry(), notes);
            RunListener listener = RunListener.all(results, request.listener());
            // Fail-fast and an unresponsive node cancel the dispatcher's scope, never the user's.
            Cancellation dispatch = request.cancellation().child();
            RunContext context = new RunContext(runId, project, request.dag(), request.plan(), session,
                    request.registry(), new SetupLedger(), directory.path(), temporaries, request.clock(),
                    dispatch, readFrom, resources.arrowPeak(), reuse, listener, tokens, state, hooks.slice());
            hooks.beforeNodes(session);
            Duration stopGrace = NodeRunner.stopGrace();
            NodeRunner runner = new NodeRunner(context, listener, resources.abandoned(), stopGrace);
            outcome = new RunOrchestrator(request.dag(), project, runner::run, listener, dispatch,
                    project.engine().threads(), request.failFast(), stopGrace, resources.abandoned())
                    .run(runId, request.effective(),
                            request.retry() == null ? List.of() : request.retry().carriedForward());
            if (outcome.status() == RunStatus.SUCCESS) {
                hooks.afterNodes(session, outcome.results());
            }
            results.peakMemory(PeakMemory.measure(resources.arrowPeak().bytes()));
        } catch (RuntimeException e) {
            boolean recorded = results.writeTerminal(RunStatus.FATAL);
            throw EngineFailures.classify(e, recorded ? RERUN + " (`pz retry` does not resume a run that ended"
                    + " fatally)" : RERUN + "; the end of this run could not be recorded, so `pz runs` lists it as"
                    + " running and `pz retry` refuses it").<RuntimeException>map(error -> new EnvironmentFailure(
                            error, e)).orElse(e);
        }
        results.writeRunning();
        Retention.Sweep sweep = hooks.exclusive() && project.retention().enabled()
                ? Retention.sweep(project.directory(), project.retention().keepLast()) : null;
        notes.addAll(WatermarkWindow.caughtUpNotices(request.dag(), outcome.results(), readFrom));
        if (!request.cancellation().isCancelled() && hooks.exclusive()) {
            StateWritePause.here();
            notes.addAll(WatermarkAdvancement.advance(request.dag(), outcome.results(), watermarks, storedAtStart,
                    runId));
            notes.addAll(SyncStateAdvancement.advance(request.dag(), outcome.results(), syncStates, runId));
        }
        boolean recorded = results.writeTerminal(outcome.status());
        if (recorded) {
            // Drawn from run_results.json: without its end recorded, the page would show a run still going.
            writeReport(directory, notes);
        }
        notes.addAll(RecordingNotes.of(outcome.status(), outcome.results(), recorded ? null : results.lastFailure()));
        return new Result(runId, outcome.status(), outcome.results(), results.file(), sweep, notes);
    }

    /**
     * The run's first snapshot. When even that cannot be written the run stops before any node,
     * and its directory goes: nothing ran, and nothing is left for {@code pz runs} to list.
     */
    private static void recordStart(RunResultsWriter results, RunDirectory directory) {
        try {
            results.writeStarted();
        } catch (RuntimeException e) {
            directory.discard();
            throw EngineFailures.classify(e, RERUN + " (nothing of this run ran or was recorded)")
                    .<RuntimeException>map(error -> new EnvironmentFailure(error, e)).orElse(e);
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

    private static Map<String, WatermarkCandidate> candidates(Map<String, Watermark> storedAtStart) {
        Map<String, WatermarkCandidate> stored = new HashMap<>();
        storedAtStart.forEach((key, watermark) -> stored.put(key,
                new WatermarkCandidate(watermark.cursor(), watermark.type(), watermark.value())));
        return stored;
    }

    private static Map<String, String> tokens(SyncStateStore store) {
        Map<String, String> tokens = new HashMap<>();
        store.all().forEach((key, state) -> tokens.put(key, state.token()));
        return tokens;
    }

    private static DuckSettings settings(Project project) {
        EngineConfig.DuckDbSettings duckdb = project.engine().duckdb();
        String temp = duckdb.tempDirectory() == null ? null
                : project.directory().resolve(duckdb.tempDirectory()).toString();
        return new DuckSettings(duckdb.memoryLimit(), duckdb.threads(), temp, false);
    }
}
