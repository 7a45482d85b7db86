package dev.pz.engine;

import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.duckdb.DuckSession;
import dev.pz.engine.artifacts.CompileArtifacts;
import dev.pz.engine.artifacts.Retention;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.Selection;
import dev.pz.engine.compile.Selector;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.execute.Cancellation;
import dev.pz.engine.model.Project;
import dev.pz.engine.plan.ExecutionPlan;
import dev.pz.engine.plan.MemoryBudget;
import dev.pz.engine.plan.PlanWriter;
import dev.pz.engine.plan.PlannedNode;
import dev.pz.engine.plan.PolicyLines;
import dev.pz.engine.run.CancellationNotice;
import dev.pz.engine.run.RetryPlanner;
import dev.pz.engine.run.RunSession;
import dev.pz.engine.scaleout.CommitRun;
import dev.pz.engine.scaleout.ShardRun;
import dev.pz.engine.state.RunHistory;
import dev.pz.engine.state.SchemaAcceptance;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateBackends;
import dev.pz.engine.validate.ConnectivityValidator;
import dev.pz.engine.validate.Preflight;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A loaded and compiled project: the verbs that work on its DAG. {@link #validate}, {@link #plan}
 * and {@link #run} share one preflight, so each refuses what the others refuse, with the same code,
 * before anything runs or any run directory exists.
 */
public final class CompiledProject {
    private final PzEngine engine;
    private final ConnectorRegistry registry;
    private final Project project;
    private final CompiledDag dag;
    private final Diagnostics diagnostics;

    CompiledProject(PzEngine engine, ConnectorRegistry registry, Project project, CompiledDag dag,
            Diagnostics diagnostics) {
        this.engine = engine;
        this.registry = registry;
        this.project = project;
        this.dag = dag;
        this.diagnostics = diagnostics;
    }

    public String name() {
        return project.name();
    }

    public Path directory() {
        return project.directory();
    }

    /** The state backend and what chose it ({@code local (default)}); see {@link dev.pz.engine.model.StateConfig#describe()}. */
    public String stateBackend() {
        return project.state().describe();
    }

    /** Whether the state backend is the default local one, which verbs do not mention. */
    public boolean defaultState() {
        return project.state().fullyDefault();
    }

    /** Whether keyed state lives in the project's own {@code .pz/state} (backend local). */
    public boolean localState() {
        return project.state().backend().equals("local");
    }

    /**
     * {@code pz cdc status}: every change-capture dataset the project reads, by key, with the state
     * its connector keeps on the server; a connector failure becomes an unhealthy row.
     */
    public List<CdcStatusRow> cdcStatus() {
        return Guard.call(() -> new CdcAdministration(project, dag, registry).status());
    }

    /**
     * {@code pz cdc drop <source>.<dataset>}: removes the dataset's server-side state and its stored
     * token, so the next run starts with a snapshot. PZ0507 for a target that is not
     * {@code <source>.<dataset>}, PZ0508 for one that is not a cdc dataset of the project.
     */
    public CdcDropReport cdcDrop(String target) {
        return Guard.call(() -> new CdcAdministration(project, dag, registry).drop(target));
    }

    /** The nodes in dependency order; only those {@code select} matches when it is not null. */
    public List<NodeInfo> nodes(String select) {
        return Guard.call(() -> {
            Set<String> shown = select == null ? null : Selector.select(dag, select);
            List<NodeInfo> nodes = new ArrayList<>();
            for (Node node : dag.nodes()) {
                if (shown == null || shown.contains(node.id())) {
                    nodes.add(new NodeInfo(node.id(), node.kind(), node.name(), node.dependsOn(),
                            node instanceof PipelineNode pipeline ? pipeline.tags() : List.of(), dataset(node)));
                }
            }
            return nodes;
        });
    }

    /**
     * The labels of the project's independent flows: each flow's sink names joined with {@code " + "}
     * (or its leaves' names when it writes nothing), as {@code pz run} names them.
     */
    public List<String> flows() {
        return dag.flows().stream().map(dag::flowLabel).toList();
    }

    /**
     * Writes {@code .pz/target/manifest.json} and {@code compiled/*.sql} for every node, or those
     * {@code select} matches. Connects to nothing.
     */
    public CompileReport writeArtifacts(String select) {
        return Guard.call(() -> {
            Set<String> selected = new LinkedHashSet<>();
            if (select == null) {
                dag.nodes().stream().map(Node::id).forEach(selected::add);
            } else {
                selected.addAll(Selector.select(dag, select));
            }
            int count = CompileArtifacts.write(project, dag, selected);
            return new CompileReport(count, CompileArtifacts.targetDirectory(project.directory()));
        });
    }

    /**
     * Runs the preflight over the whole project; its notes (datasets without a contract, then with
     * {@code connect} what the live probes said) go to the project's {@link Diagnostics}. With
     * {@code connect}, also probes every connection and the live schema of every dataset read and
     * writes {@code .pz/target/schemas.json}; otherwise writes nothing.
     */
    public ValidationReport validate(boolean connect) {
        return Guard.call(() -> {
            Preflight.Outcome outcome = Preflight.run(project, dag, registry, Preflight.Scope.wholeProject(false));
            outcome.notes().forEach(diagnostics::notice);
            if (connect) {
                ConnectivityValidator.run(project, dag, registry).forEach(diagnostics::notice);
            }
            return new ValidationReport(project.pipelines().size(), outcome.connectionsChecked());
        });
    }

    /**
     * Plans the whole project after the preflight, writes {@code .pz/target/plan.json}, and returns the
     * rows {@code shown} selects (all for a bare or {@code --all} selection).
     */
    public PlanReport plan(NodeSelection shown) {
        return plan(shown, true);
    }

    /** {@link #plan} without writing {@code plan.json}: what a front end that must leave the project untouched shows. */
    public PlanReport preview(NodeSelection shown) {
        return plan(shown, false);
    }

    private PlanReport plan(NodeSelection shown, boolean writePlan) {
        return Guard.call(() -> {
            Optional<Set<String>> ids = selection(shown).resolve(dag, false);
            Preflight.Outcome outcome = Preflight.run(project, dag, registry, Preflight.Scope.wholeProject(false));
            if (writePlan) {
                PlanWriter.write(CompileArtifacts.targetDirectory(project.directory()).resolve("plan.json"), outcome.plan());
            }
            List<PlanReport.Row> rows = new ArrayList<>();
            for (PlannedNode node : outcome.plan().nodes()) {
                if (ids.isEmpty() || ids.get().contains(node.id())) {
                    Optional<PlannedNode.Pushdown> pushdown = node.pushdownInfo();
                    rows.add(new PlanReport.Row(node.strategy().word(), node.name(), node.reason(),
                            pushdown.map(PlannedNode.Pushdown::columnsPushed).orElse(null),
                            pushdown.map(PlannedNode.Pushdown::predicatePushed).orElse(false),
                            pushdown.map(PlannedNode.Pushdown::filter).orElse(null)));
                }
            }
            MemoryBudget budget = outcome.plan().memoryBudget();
            return new PlanReport(rows, ids.isPresent(), budget.line(), budget.totalBytes(),
                    Optional.ofNullable(budget.duckdbThreadsDisclaimer()), PolicyLines.of(project, dag));
        });
    }

    /**
     * Writes what {@code request} asks for — the neutral plan, Kubernetes manifests or an Argo
     * Workflow — for every sink's flow, dependencies first, after the preflight {@link #plan} runs;
     * connects to nothing and writes nothing when it refuses: PZ0722 without a sink, PZ0723 for
     * flows that read each other's sinks.
     */
    public EmitReport emit(EmitRequest request) {
        return Guard.call(() -> {
            Preflight.run(project, dag, registry, Preflight.Scope.wholeProject(false));
            return Emitter.emit(project, dag, request);
        });
    }

    /**
     * What {@code pz run} executes for {@code selection}: the chosen nodes with their ancestors. A
     * bare selection of a project with several independent flows is refused (PZ0215) — after the SQL
     * dry compile, which comes first: a project whose SQL is wrong reports that (PZ0401) instead.
     */
    public RunTarget target(NodeSelection selection) {
        return Guard.call(() -> {
            Optional<Set<String>> chosen;
            try {
                chosen = selection(selection).resolve(dag, true);
            } catch (PzValidationException refused) {
                Preflight.dryCompile(project, dag);
                throw refused;
            }
            return new RunTarget(chosen.map(ids -> Selection.withAncestors(dag, ids)).orElseGet(this::everything), null);
        });
    }

    /**
     * What {@code pz test} executes: the check nodes (all, or those {@code select} matches) with what
     * they need; never a sink. Empty when no check is selected.
     */
    public Optional<RunTarget> checks(String select) {
        return Guard.call(() -> {
            Set<String> candidates = select == null ? everything() : Selector.select(dag, select);
            Set<String> checks = new LinkedHashSet<>();
            for (String id : candidates) {
                if (dag.node(id).kind() == NodeKind.CHECK) {
                    checks.add(id);
                }
            }
            return checks.isEmpty() ? Optional.<RunTarget>empty()
                    : Optional.of(new RunTarget(Selection.withAncestors(dag, checks), null));
        });
    }

    /** What {@code pz retry} does about the latest run (PZ0502–PZ0504 when it cannot). */
    public PreparedRetry prepareRetry(boolean fullRefresh) {
        return Guard.call(() -> {
            RetryPlanner.Decision decision = RetryPlanner.decide(dag, RunHistory.latest(project.directory()),
                    fullRefresh);
            Optional<RunTarget> target = decision.nothingToDo() != null ? Optional.empty()
                    : Optional.of(new RunTarget(decision.effective(), decision.plan()));
            return new PreparedRetry(Optional.ofNullable(decision.nothingToDo()), decision.notices(), decision.changed(),
                    target);
        });
    }

    /** The loop of {@code pz run --until-caught-up} over {@code target}; {@code maxRuns} null for no cap. */
    public CatchUpLoop catchUp(RunTarget target, Integer maxRuns) {
        return new CatchUpLoop(dag, target, project, maxRuns);
    }

    /**
     * Runs {@code target}: the preflight (nothing is created when it refuses), {@code plan.json}, then
     * the run itself under {@code .pz/runs/<runId>/}. Events go to {@code listener} as they happen.
     */
    public RunReport run(RunTarget target, RunSettings settings, RunListener listener, RunControl control) {
        return Guard.call(() -> {
            Set<String> effective = target.effective();
            try (Preflight.Kept preflight = Preflight.runKeepingDatabase(project, dag, registry, new Preflight.Scope(
                    true, effective::contains, id -> effective.contains(id)
                            && (target.retry() == null || !target.retry().reuse().containsKey(id))))) {
                ExecutionPlan plan = preflight.outcome().plan();
                PlanWriter.write(CompileArtifacts.targetDirectory(project.directory()).resolve("plan.json"), plan);
                return execute(new RunSession.Request(project, dag, plan, registry, effective, settings.failFast(),
                        settings.fullRefresh(), listener, Clock.systemUTC(), control.cancellation(), target.retry()),
                        control, preflight.database());
            }
        });
    }

    /**
     * {@code pz run --select F --shard i/N --run-id R}: the preflight of a plain run of the same
     * selection, then the flow's shard checks (PZ0700–PZ0704), all before any run directory exists;
     * then shard i runs under {@code .pz/runs/<runId>/} and stages its part of the sink's input
     * (docs/scale-out.md). It takes no run lock, advances no state and writes no sink.
     */
    public RunReport runShard(RunTarget target, ShardRequest shard, RunSettings settings, RunListener listener,
            RunControl control) {
        return Guard.call(() -> {
            // Every shard of a run may share the project folder: none rewrites its plan.json.
            Preflight.Outcome outcome = preflight(target, false);
            ShardRun run = ShardRun.prepare(project, dag, outcome.plan(), registry, target.effective(), shard.index(),
                    shard.count(), shard.runId());
            run.clear();
            RunReport report = execute(new RunSession.Request(project, dag, outcome.plan(), registry,
                    run.effective(target.effective()), settings.failFast(), false, listener, Clock.systemUTC(),
                    control.cancellation(), null, run.hooks()), control);
            if (report.status() != RunStatus.SUCCESS) {
                return report;
            }
            List<String> notes = new ArrayList<>(report.notes());
            notes.add(run.note());
            return new RunReport(report.runId(), report.status(), report.results(), report.resultsFile(),
                    report.retention(), notes, report.cancellation());
        });
    }

    /**
     * {@code pz commit --select F --run-id R}: checks every shard of run R finished, publishes what
     * they staged to the flow's sink with its strategy, advances the watermark and records the run
     * as committed, each by compare-and-set on the state backend; a run committed before changes
     * nothing (docs/scale-out.md).
     */
    public CommitReport commit(RunTarget target, String runId, RunListener listener, RunControl control) {
        return Guard.call(() -> {
            ShardRequest.requireRunId(runId);
            Preflight.Outcome outcome = preflight(target, true);
            try (StateBackend state = StateBackends.open(project.state(), project.directory())) {
                Optional<CommitRun> prepared = CommitRun.prepare(project, dag, outcome.plan(), registry,
                        target.effective(), runId, state);
                if (prepared.isEmpty()) {
                    return new CommitReport(Optional.empty(), true, CommitRun.committedBefore(runId).notes());
                }
                CommitRun commit = prepared.get();
                RunReport[] published = {null};
                CommitRun.Outcome done = commit.commit(state, hooks -> {
                    RunSession.Request request = new RunSession.Request(project, dag, outcome.plan(), registry,
                            commit.effective(), false, false, listener, Clock.systemUTC(), control.cancellation(),
                            null, hooks);
                    published[0] = execute(request, control);
                    return published[0].status();
                });
                Optional<RunReport> report = Optional.ofNullable(published[0]).map(run -> {
                    List<String> notes = new ArrayList<>(run.notes());
                    notes.addAll(done.notes());
                    return new RunReport(run.runId(), run.status(), run.results(), run.resultsFile(), run.retention(),
                            notes, run.cancellation());
                });
                return new CommitReport(report, done.alreadyCommitted(), done.notes());
            }
        });
    }

    private Preflight.Outcome preflight(RunTarget target, boolean writePlan) {
        Set<String> effective = target.effective();
        // A shard stages its slice of the source, so a sharded flow's source load is never fused.
        Preflight.Outcome outcome = Preflight.run(project, dag, registry, new Preflight.Scope(true, effective::contains,
                id -> effective.contains(id) && dag.node(id).kind() != NodeKind.SOURCE_LOAD));
        if (writePlan) {
            PlanWriter.write(CompileArtifacts.targetDirectory(project.directory()).resolve("plan.json"), outcome.plan());
        }
        return outcome;
    }

    /** Runs {@code request}; a run cancelled before its first node is a {@link RunCancelledException}. */
    private RunReport execute(RunSession.Request request, RunControl control) {
        return execute(request, control, null);
    }

    /** As above, the run's DuckDB made from {@code preflightDatabase} when not null. */
    private RunReport execute(RunSession.Request request, RunControl control, DuckSession preflightDatabase) {
        RunSession.Result result;
        try {
            result = RunSession.execute(request, preflightDatabase);
        } catch (Cancellation.CancelledException e) {
            throw new RunCancelledException(CancellationNotice.beforeAnyNode());
        }
        Retention.Sweep sweep = result.sweep();
        Optional<RunReport.Retention> retention = sweep == null || !sweep.worthReporting() ? Optional.empty()
                : Optional.of(new RunReport.Retention(sweep.stagingDeleted(), sweep.workdirsDeleted(),
                        sweep.bytesFreed(), sweep.failures(), sweep.line()));
        return new RunReport(result.runId(), result.status(), result.results(), result.resultsFile(), retention,
                result.notes(), CancellationNotice.of(control.cancellation(), result.results()));
    }

    /**
     * {@code pz schema accept}: the schemas the latest run observed become the drift baselines of
     * {@code targets} (every dataset with an observed schema when empty). Contacts no source.
     *
     * @return one line per accepted change, e.g. {@code pg.orders: column 'amount' retyped BIGINT -> VARCHAR}
     * @throws dev.pz.connectors.api.error.PzValidationException PZ0127 for a target the latest run observed no schema for
     */
    public List<String> acceptSchemas(List<String> targets) {
        return Guard.call(() -> {
            Map<String, String> datasetKeys = new HashMap<>();
            dag.nodes().stream().filter(node -> node instanceof SourceLoadNode).map(node -> (SourceLoadNode) node)
                    .forEach(source -> datasetKeys.put(source.name(), source.datasetKey()));
            try (StateBackend state = StateBackends.open(project.state(), project.directory())) {
                return SchemaAcceptance.accept(project.directory(), state, datasetKeys, targets).changes();
            }
        });
    }

    private static String dataset(Node node) {
        if (node instanceof SourceLoadNode source) {
            return source.datasetKey();
        }
        return node instanceof SinkWriteNode sink ? sink.connection() + "." + sink.entity() : null;
    }

    private Set<String> everything() {
        Set<String> ids = new LinkedHashSet<>();
        dag.nodes().stream().map(Node::id).forEach(ids::add);
        return ids;
    }

    private static Selection selection(NodeSelection selection) {
        return new Selection(selection.names(), selection.select(), selection.all());
    }
}
