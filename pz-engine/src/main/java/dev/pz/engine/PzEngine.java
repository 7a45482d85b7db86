package dev.pz.engine;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.artifacts.RunCleaner;
import dev.pz.engine.connect.ConnectorCatalog;
import dev.pz.engine.connect.ConnectorPackages;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.connect.PackageCache;
import dev.pz.engine.connect.PackageRestore;
import dev.pz.engine.load.ContractConfigParser;
import dev.pz.engine.load.ProjectLoader;
import dev.pz.engine.load.VarsOverrides;
import dev.pz.engine.model.Project;
import dev.pz.engine.state.RunHistory;
import dev.pz.engine.state.RunRecord;
import dev.pz.engine.state.WatermarkEdit;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The engine's one entry point: what the command line (and any other front end) calls to load,
 * compile, validate, plan, run, retry and test a project, and to list, clean and repair what runs
 * left behind. One instance serves one invocation: it holds the environment snapshot taken at
 * start (for {@code ${VAR}} and {@code env()}) and the invocation's connectors, each created once,
 * on first use.
 *
 * <p>What it throws: {@link dev.pz.connectors.api.error.PzValidationException} and
 * {@link dev.pz.connectors.api.error.PzException} for problems of the project or the request (a
 * front end reports them and exits 2), {@link dev.pz.engine.events.EnvironmentFailure} when the
 * machine stopped it (exit 3); anything else is a bug in pz.
 */
public final class PzEngine {
    private final Map<String, String> environment;
    private final Supplier<ConnectorRegistry> connectors;

    private final ConnectorPackages packages;

    private PzEngine(Map<String, String> environment, Supplier<ConnectorRegistry> connectors) {
        this.environment = Map.copyOf(environment);
        this.connectors = memoized(connectors);
        this.packages = new ConnectorPackages(PackageCache.of(environment));
    }

    /** An engine over the connectors installed on the class path. */
    public static PzEngine create(Map<String, String> environment) {
        return new PzEngine(environment, ConnectorRegistry::installed);
    }

    /** An engine over exactly these connectors, for embedding and tests. */
    public static PzEngine withConnectors(Map<String, String> environment, Collection<Connector> connectors) {
        List<Connector> fixed = List.copyOf(connectors);
        return new PzEngine(environment, () -> ConnectorRegistry.of(fixed));
    }

    /**
     * Reads project.yml, connections.yml and every pipeline file; load warnings go to
     * {@code diagnostics}.
     */
    public LoadedProject load(ProjectRequest request, Diagnostics diagnostics) {
        return Guard.call(() -> {
            Map<String, Object> overrides = request.varsJson() == null ? Map.of() : VarsOverrides.parse(request.varsJson());
            Project loaded = ProjectLoader.load(request.directory(), environment, overrides);
            Project project = request.stateUrl() == null ? loaded
                    : loaded.withState(ProjectLoader.stateUrl(request.stateUrl(), environment));
            project.warnings().forEach(warning -> diagnostics.warning(warning.render()));
            // The restore check runs when the project first needs its connectors (compile, pz connectors), so
            // loading alone creates no connector; it still runs before anything is planned or run.
            return new LoadedProject(this, project,
                    memoized(() -> packages.registryFor(project, registry(), request.lockCheck())));
        });
    }

    /** {@link #load} then {@link LoadedProject#compile}, both reporting to {@code diagnostics}. */
    public CompiledProject open(ProjectRequest request, Diagnostics diagnostics) {
        return load(request, diagnostics).compile(diagnostics);
    }

    /**
     * {@code pz runs}: prior runs newest first, at most {@code limit} (null for all). Reads only
     * project.yml's {@code state:} of the project, so a broken pipeline never hides the history.
     *
     * @throws dev.pz.connectors.api.error.PzException PZ0534 for a limit below 1, PZ0101 without a project
     */
    public List<RunSummary> runs(Path directory, Integer limit) {
        return Guard.call(() -> {
            if (limit != null && limit < 1) {
                throw new PzException(PzCode.RUNS_LIMIT_INVALID, "--limit must be 1 or greater (got '" + limit + "')");
            }
            ManagedProject project = manage(directory, "runs").requireLocalArtifacts("pz runs");
            List<RunRecord> runs = RunHistory.list(project.directory());
            return runs.subList(0, limit == null ? runs.size() : Math.min(limit, runs.size())).stream()
                    .map(RunSummaries::of).toList();
        });
    }

    /**
     * {@code pz clean}: deletes old runs' staging databases (whole run directories with
     * {@code purge}), stale workdirs and what killed runs left in their outputs' temporary
     * directories; never a live run, never {@code .pz/state} or {@code .pz/target}.
     *
     * @throws dev.pz.connectors.api.error.PzException PZ0511/PZ0512 for conflicting or malformed choices
     */
    public CleanReport clean(Path directory, CleanRequest request) {
        return Guard.call(() -> {
            RunCleaner cleaner = RunCleaner.of(request.keepLast(), request.olderThan(), request.purge(),
                    request.dryRun());
            ManagedProject project = manage(directory, "clean").requireLocalArtifacts("pz clean");
            RunCleaner.Outcome outcome = cleaner.clean(project.directory(), Instant.now());
            return new CleanReport(outcome.swept(), outcome.kept(), outcome.freedBytes(), outcome.liveRuns(),
                    outcome.workdirs(), outcome.workdirBytes(), outcome.temporaries().files(),
                    outcome.temporaries().bytes(), outcome.warnings(), cleaner.leavesNoRun(outcome));
        });
    }

    /** {@code pz state show}: the backend and the stored watermarks and sync-state tokens. */
    public StateOverview stateOverview(Path directory) {
        return Guard.call(() -> StateViews.overview(manage(directory, "state show")));
    }

    /**
     * {@code pz state show <key>}: one stored watermark with what prior runs recorded for it and the
     * manual changes made to it.
     *
     * @throws dev.pz.connectors.api.error.PzException PZ0513 when no watermark is stored for {@code key}
     */
    public KeyHistory stateHistory(Path directory, String key) {
        return Guard.call(() -> StateViews.history(manage(directory, "state show"),
                key));
    }

    /**
     * {@code pz state rollback|set|clear}: checks the change completely; nothing changes until
     * {@link StateEdit#apply()}.
     *
     * @throws dev.pz.connectors.api.error.PzException PZ0513–PZ0517 for a change that cannot be made
     */
    public StateEdit prepareStateEdit(Path directory, StateEditRequest request) {
        return Guard.call(() -> {
            WatermarkEdit.Action action = WatermarkEdit.Action.valueOf(request.action().toUpperCase(Locale.ROOT));
            ManagedProject project = manage(directory, "state " + action.word());
            return new StateEdit(WatermarkEdit.prepare(project.directory(), project.openState(), action, request.key(),
                    request.value(), request.toRun(), request.reason()));
        });
    }

    /**
     * {@code pz report [run-id]}: draws the report of run {@code runId} (the latest run when null)
     * again, {@code report.html} beside its run_results.json, and returns where it is.
     *
     * @throws dev.pz.connectors.api.error.PzException PZ0502 when there is no such run or it has no
     *         readable run_results.json
     */
    public Path report(Path directory, String runId) {
        return Guard.call(() -> RunReportFiles.redraw(manage(directory, "report").requireLocalArtifacts("pz report"),
                runId));
    }

    private ManagedProject manage(Path directory, String verb) {
        return ManagedProject.open(directory.toAbsolutePath().normalize(), verb, environment);
    }

    /** {@code pz connectors}: the connectors of this invocation, sorted by name. */
    public List<ConnectorSummary> connectors() {
        return Guard.call(() -> registry().all().stream().map(connector -> new ConnectorSummary(connector.name(),
                ConnectorCatalog.tiers(connector.capabilities()),
                ConnectorCatalog.capabilityNames(connector.capabilities()))).toList());
    }

    /**
     * {@code pz connectors --json}: every connector's tiers, capabilities and options, from its own
     * declarations, indented, with a final newline.
     *
     * @param packageName what the table's package column says for these connectors
     * @param version what the table's version column says for these connectors
     */
    public String connectorCatalog(String packageName, String version) {
        return Guard.call(() -> ConnectorCatalog.json(registry().all(), packageName, version));
    }

    /**
     * {@code pz restore}: resolves the project's connector packages into the per-user cache and pins them in
     * pz.lock.json; what it did goes to {@code out} line by line.
     *
     * @param update re-resolve every package instead of keeping the versions and files the lock pins
     */
    public void restore(ProjectRequest request, PackageResolver.Factory resolvers, boolean update,
            java.util.function.Consumer<String> out) {
        Guard.run(() -> {
            Project project = ProjectLoader.load(request.directory(), environment, Map.of());
            PackageRestore.restore(project, registry().builtinNames(), PackageCache.of(environment), resolvers,
                    update, out);
        });
    }

    /**
     * {@code pz connector test}: the connector {@code target} names — a jar path (loaded on its own, in its
     * own class loader), a package the project declares ({@code group:artifact}), or a connector name — with
     * the contract config file read for the test kit.
     *
     * @param project the project whose restored packages a package id or name is looked up in
     * @throws PzException PZ0304 when the target names nothing loadable, PZ0101 for a bad config file
     */
    public ConnectorUnderTest connectorUnderTest(String target, Path configFile, ProjectRequest project) {
        return Guard.call(() -> {
            Connector connector = ConnectorTargets.find(target, () -> load(project, Diagnostics.ignore()).registry());
            if (configFile == null) {
                throw new PzException(PzError.of(PzCode.YAML_SHAPE, "pz connector test needs the connection to test"
                        + " with").withHint("pass --config <file.yml> with a connection: block (docs/connector-packages.md)"));
            }
            ContractConfigParser.ContractConfig config = ContractConfigParser.parse(configFile, environment);
            return ConnectorTargets.underTest(connector, config, configFile.toAbsolutePath().getParent());
        });
    }

    Map<String, String> environment() {
        return environment;
    }

    ConnectorRegistry registry() {
        return connectors.get();
    }

    private static <T> Supplier<T> memoized(Supplier<T> supplier) {
        return new Supplier<>() {
            private T value;

            @Override
            public synchronized T get() {
                if (value == null) {
                    value = supplier.get();
                }
                return value;
            }
        };
    }
}
