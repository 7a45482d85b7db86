package dev.pz.engine.compile;

import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.model.CheckDef;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.EntityDef;
import dev.pz.engine.model.PipelineDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.PzWarning;
import dev.pz.engine.model.ReadDef;
import dev.pz.engine.model.SecretMask;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.SyncDef;
import dev.pz.engine.model.WriteDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Compiles a loaded project into its DAG. Each stage reports every error it finds before the
 * compile stops, so a user sees all of them at once.
 */
public final class DagCompiler {
    static final String DELIVERY_HINT = "use write.strategy: merge (with keys:), or set\n"
            + "write:\n  strategy: append\n  duplicates: accept\non the output to accept at-least-once delivery";

    private final Project project;
    private final Function<String, Set<ConnectorCapability>> capabilities;
    private final Problems problems = new Problems();
    private final Map<String, RenderedPipeline> rendered = new TreeMap<>();
    private final Map<String, String> queries = new HashMap<>();
    private final Set<String> ephemerals = new TreeSet<>();

    private DagCompiler(Project project, Function<String, Set<ConnectorCapability>> capabilities) {
        this.project = project;
        this.capabilities = capabilities;
    }

    /**
     * Compiles, or throws {@link dev.pz.connectors.api.error.PzValidationException} with every error.
     * {@code capabilities} gives each connector's capabilities by name (empty when not installed),
     * which decide the read hints a source load carries. Only connection keys named like secrets
     * count as secret keys.
     */
    public static CompiledDag compile(Project project, RenderContext context,
            Function<String, Set<ConnectorCapability>> capabilities) {
        return compile(project, context, capabilities, name -> Set.of());
    }

    /**
     * Compiles; {@code secretKeys} gives each connector's secret connection keys by name, whose
     * values (like every other secret, see {@link SecretMask}) are masked in the compile's errors,
     * warnings and {@link CompiledDag#secrets()}.
     */
    public static CompiledDag compile(Project project, RenderContext context,
            Function<String, Set<ConnectorCapability>> capabilities, Function<String, Set<String>> secretKeys) {
        DagCompiler compiler = new DagCompiler(project, capabilities);
        SecretMask secrets = ProjectSecrets.of(project, context.environment(), secretKeys);
        PipelineRenderer renderer = new PipelineRenderer(project, context, compiler.ephemerals, compiler.problems);
        try {
            CompiledDag dag = compiler.run(renderer);
            SecretMask all = secrets.with(renderer.secretsRead());
            return new CompiledDag(dag.nodes(), dag.warnings().stream().map(all::mask).toList(), dag.notices(), all);
        } catch (PzValidationException refused) {
            throw secrets.with(renderer.secretsRead()).mask(refused);
        }
    }

    private CompiledDag run(PipelineRenderer renderer) {
        for (PipelineDef pipeline : project.pipelines()) {
            if (pipeline.isEphemeral()) {
                ephemerals.add(pipeline.name());
            }
        }
        for (PipelineDef pipeline : project.pipelines()) {
            renderer.render(pipeline).ifPresent(result -> rendered.put(pipeline.name(), result));
        }
        // The ephemeral rules read only each rendered pipeline and its own sidecar, so a pipeline that
        // failed to render (an unknown ref, say) does not hide them: one compile reports both.
        checkEphemeralRules();
        problems.throwIfErrors();

        extractSinkPrefixes();
        Map<SinkBinding, OutputDecl> outputs = resolveOutputs();
        Map<String, DatasetDecl> datasets = resolveDatasets();
        Map<String, Effective> effective = effectiveDependencies();
        checkSingleReader(effective);
        checkIncrementalDeclarations(datasets);
        checkTemplatedPaths(outputs, datasets);
        problems.throwIfErrors();

        List<Node> nodes = buildNodes(outputs, datasets, effective);
        problems.throwIfErrors();
        checkDeliveryPairing(nodes, datasets);
        CdcRouting.check(nodes, problems);
        warnDeadLeaves(nodes);
        problems.throwIfErrors();
        List<Node> ordered = TopologicalOrder.sort(nodes, problems);
        problems.throwIfErrors();
        return new CompiledDag(ordered, problems.warnings(), problems.notices());
    }

    // ---- stage: INSERT INTO {{ sink() }} prefixes ----------------------------------------------

    private void extractSinkPrefixes() {
        for (RenderedPipeline pipeline : rendered.values()) {
            String sql = pipeline.sql();
            if (pipeline.sinks().isEmpty()) {
                queries.put(pipeline.name(), sql);
                continue;
            }
            SourceLocation location = new SourceLocation(pipeline.pipeline().file(), pipeline.sinks().get(0).line());
            if (pipeline.pipeline().isEphemeral()) {
                problems.error(PzCode.INVALID_SINK_CALL, "ephemeral pipeline '" + pipeline.name()
                        + "' calls sink(); an ephemeral pipeline is inlined into its consumers and writes nothing",
                        location, "set materialization: table in its sidecar, or move the sink() to a consumer");
                queries.put(pipeline.name(), sql);
                continue;
            }
            Set<SinkBinding> seen = new HashSet<>();
            for (SinkCall call : pipeline.sinks()) {
                if (!seen.add(call.binding())) {
                    problems.error(PzCode.INVALID_SINK_CALL, "pipeline '" + pipeline.name() + "' binds output '"
                            + call.binding().name() + "' twice", new SourceLocation(pipeline.pipeline().file(),
                                    call.line()), "keep one sink('" + call.binding().connection() + "', '"
                                            + call.binding().entity() + "')");
                }
            }
            Optional<SinkPrefix.Parsed> parsed = SinkPrefix.parse(sql);
            List<String> expected = pipeline.sinks().stream()
                    .map(call -> StagingNames.sinkMarker(call.binding().connection(), call.binding().entity()))
                    .toList();
            if (parsed.isEmpty() || !parsed.get().markers().equals(expected)
                    || expected.stream().anyMatch(marker -> parsed.get().query().contains(marker))) {
                problems.error(PzCode.INVALID_SINK_CALL, "sink() in pipeline '" + pipeline.name()
                        + "' must be the target of the leading INSERT INTO", location,
                        "start the file with INSERT INTO {{ sink('conn', 'entity') }} followed by the query, or "
                                + "INSERT INTO [{{ sink(...) }}, {{ sink(...) }}] for several outputs");
                queries.put(pipeline.name(), sql);
                continue;
            }
            queries.put(pipeline.name(), parsed.get().query());
        }
    }

    // ---- stage: ephemeral rules ------------------------------------------------------------------

    private void checkEphemeralRules() {
        for (RenderedPipeline pipeline : rendered.values()) {
            PipelineDef def = pipeline.pipeline();
            if (!def.isEphemeral()) {
                continue;
            }
            if (def.sidecar() != null && !def.sidecar().checks().isEmpty()) {
                problems.error(PzCode.CHECKS_ON_EPHEMERAL, "ephemeral pipeline '" + def.name()
                        + "' declares checks; it has no relation to check", SourceLocation.file(def.file()),
                        "set materialization: table or view, or move the checks to a consumer");
            }
            for (String ref : pipeline.refs()) {
                if (ephemerals.contains(ref)) {
                    problems.error(PzCode.EPHEMERAL_CHAIN, "ephemeral pipeline '" + def.name()
                            + "' refs ephemeral pipeline '" + ref + "'", SourceLocation.file(def.file()),
                            "make one of them materialization: table or view");
                }
            }
        }
    }

    // ---- stage: outputs ----------------------------------------------------------------------

    /** One output: its write options, where they came from, and the pipeline that claims it. */
    record OutputDecl(SinkBinding binding, WriteDef write, boolean callSite, String claimant) {
    }

    private Map<SinkBinding, OutputDecl> resolveOutputs() {
        Map<SinkBinding, List<String>> claimants = new LinkedHashMap<>();
        Map<SinkBinding, OutputDecl> outputs = new LinkedHashMap<>();
        for (RenderedPipeline pipeline : rendered.values()) {
            if (pipeline.pipeline().isEphemeral()) {
                continue;
            }
            for (SinkCall call : pipeline.sinks()) {
                SinkBinding binding = call.binding();
                List<String> claims = claimants.computeIfAbsent(binding, key -> new ArrayList<>());
                if (claims.contains(pipeline.name())) {
                    continue;
                }
                claims.add(pipeline.name());
                SourceLocation at = new SourceLocation(pipeline.pipeline().file(), call.line());
                WriteDef yaml = entity(binding.connection(), binding.entity()).map(EntityDef::write).orElse(null);
                if (yaml != null && call.callSiteWrite() != null) {
                    problems.error(PzCode.WRITE_SURFACE_SPLIT, "output '" + binding.name()
                            + "' declares write options in connections.yml AND at its sink() call site.", at,
                            "keep one: the entity's write: block in connections.yml or the sink() keyword arguments");
                }
                WriteDef write = call.callSiteWrite() != null ? call.callSiteWrite()
                        : yaml != null ? yaml : WriteDef.defaults(at);
                outputs.putIfAbsent(binding, new OutputDecl(binding, write, call.callSiteWrite() != null,
                        pipeline.name()));
                checkKeys(binding, write, at);
            }
        }
        claimants.forEach((binding, claims) -> {
            if (claims.size() > 1) {
                problems.error(PzCode.SINK_BINDING_CONFLICT, "output '" + binding.name()
                        + "' is claimed by " + claims.size() + " pipelines (" + String.join(", ", claims) + ")",
                        SourceLocation.file(pipelineFile(claims.get(0))),
                        "an output is written by exactly one pipeline; union the queries in one of them");
            }
        });
        return outputs;
    }

    private void checkKeys(SinkBinding binding, WriteDef write, SourceLocation at) {
        if (write.strategy() == WriteStrategy.MERGE && write.keys().isEmpty()) {
            problems.error(PzCode.MERGE_REQUIRES_KEYS, "output '" + binding.name() + "' uses strategy merge without keys",
                    at, "add keys: [<column>, …] naming the columns that identify a row");
        }
        if (write.strategy() != WriteStrategy.MERGE && !write.keys().isEmpty()) {
            problems.error(PzCode.KEYS_WITHOUT_MERGE, "output '" + binding.name() + "' declares keys " + write.keys()
                    + " but strategy " + write.strategy().word(), at, "keys are only used by strategy: merge; remove them or use merge");
        }
    }

    // ---- stage: datasets -----------------------------------------------------------------------

    /** One dataset: its read options, where they came from, and where it was first read. */
    record DatasetDecl(String connection, String entity, ReadDef read, boolean callSite, SourceLocation firstRead) {
        String key() {
            return connection + "." + entity;
        }
    }

    private Map<String, DatasetDecl> resolveDatasets() {
        Map<String, DatasetDecl> datasets = new LinkedHashMap<>();
        for (RenderedPipeline pipeline : rendered.values()) {
            for (SourceCall call : pipeline.sources()) {
                SourceLocation at = new SourceLocation(pipeline.pipeline().file(), call.line());
                Optional<EntityDef> entity = entity(call.connection(), call.entity());
                ReadDef yaml = entity.map(EntityDef::read).orElse(null);
                if (yaml != null && call.callSiteRead() != null) {
                    problems.error(PzCode.WRITE_SURFACE_SPLIT, "source '" + call.key()
                            + "' declares read options in connections.yml AND at its source() call site.", at,
                            "keep one: the entity's read: block in connections.yml or the source() keyword arguments");
                }
                DatasetDecl existing = datasets.get(call.key());
                if (existing != null && (existing.callSite() || call.callSiteRead() == null)) {
                    continue;
                }
                ReadDef read = call.callSiteRead() != null ? call.callSiteRead()
                        : yaml != null ? yaml : ReadDef.empty(at);
                datasets.put(call.key(), new DatasetDecl(call.connection(), call.entity(), read,
                        call.callSiteRead() != null, existing != null ? existing.firstRead() : at));
            }
        }
        return datasets;
    }

    private Optional<EntityDef> entity(String connection, String entity) {
        ConnectionDef def = project.connections().get(connection);
        return def == null ? Optional.empty() : Optional.ofNullable(def.entities().get(entity));
    }

    // ---- stage: effective dependencies and the one-reader rule -------------------------------

    /** A non-ephemeral pipeline's datasets and pipelines, with ephemeral refs replaced by their own. */
    record Effective(Set<String> datasets, Set<String> pipelines, List<String> ephemeralRefs) {
    }

    private Map<String, Effective> effectiveDependencies() {
        Map<String, Effective> effective = new TreeMap<>();
        for (RenderedPipeline pipeline : rendered.values()) {
            if (pipeline.pipeline().isEphemeral()) {
                continue;
            }
            Set<String> datasets = new LinkedHashSet<>();
            Set<String> pipelines = new LinkedHashSet<>();
            Set<String> ephemeralRefs = new TreeSet<>();
            pipeline.sources().forEach(call -> datasets.add(call.key()));
            for (String ref : pipeline.refs()) {
                if (ephemerals.contains(ref)) {
                    ephemeralRefs.add(ref);
                    RenderedPipeline inlined = rendered.get(ref);
                    if (inlined != null) {
                        inlined.sources().forEach(call -> datasets.add(call.key()));
                        inlined.refs().stream().filter(other -> !ephemerals.contains(other)).forEach(pipelines::add);
                    }
                } else {
                    pipelines.add(ref);
                }
            }
            effective.put(pipeline.name(), new Effective(datasets, pipelines, List.copyOf(ephemeralRefs)));
        }
        return effective;
    }

    private void checkSingleReader(Map<String, Effective> effective) {
        Map<String, List<String>> readers = new TreeMap<>();
        effective.forEach((pipeline, deps) -> deps.datasets()
                .forEach(dataset -> readers.computeIfAbsent(dataset, key -> new ArrayList<>()).add(pipeline)));
        readers.forEach((dataset, pipelines) -> {
            if (pipelines.size() > 1) {
                String connection = dataset.substring(0, dataset.indexOf('.'));
                String entity = dataset.substring(dataset.indexOf('.') + 1);
                String staging = "stg_" + connection + "_" + StagingNames.fold(entity);
                problems.error(PzCode.SOURCE_READ_BY_MULTIPLE_PIPELINES, "source '" + dataset + "' is read by "
                        + pipelines.size() + " pipelines (" + String.join(", ", pipelines)
                        + "); a source is read by exactly one pipeline", SourceLocation.file(pipelineFile(pipelines.get(1))),
                        "create pipelines/" + staging + ".sql with select * from {{ source('" + connection + "', '"
                                + entity + "') }} and ref('" + staging + "') from " + String.join(" and ", pipelines));
            }
        });
    }

    // ---- stage: incremental declarations --------------------------------------------------------

    private Set<String> sqlIncrementalDatasets() {
        Set<String> keys = new TreeSet<>();
        rendered.values().forEach(pipeline -> pipeline.watermarks().forEach(call -> keys.add(call.key())));
        return keys;
    }

    private void checkIncrementalDeclarations(Map<String, DatasetDecl> datasets) {
        Set<String> sqlDeclared = sqlIncrementalDatasets();
        for (DatasetDecl dataset : datasets.values()) {
            SyncDef sync = dataset.read().sync();
            if (sync == null) {
                continue;
            }
            SourceLocation at = dataset.read().location() != null ? dataset.read().location() : dataset.firstRead();
            if (sqlDeclared.contains(dataset.key())) {
                if (sync.mode() == SyncDef.Mode.INCREMENTAL) {
                    problems.error(PzCode.CONFLICTING_INCREMENTAL_DECLARATION, "source '" + dataset.key()
                            + "' is declared incremental both in sync: and with watermark() in SQL", at,
                            "keep one: the sync: block or the SQL watermark() comparison");
                } else {
                    problems.error(PzCode.SYNC_STATE_CONFLICT, "source '" + dataset.key() + "' uses watermark() with sync: { mode: "
                            + sync.mode().name().toLowerCase(java.util.Locale.ROOT) + " }", at,
                            "remove the sync: block; the watermark() comparison declares the dataset incremental");
                }
            }
            if (sync.isIncremental()) {
                checkCursor(dataset, sync, at);
            }
        }
    }

    private void checkCursor(DatasetDecl dataset, SyncDef sync, SourceLocation at) {
        Map<String, String> columns = dataset.read().columns();
        if (WindowDeclaration.declaresWindow(sync)) {
            // A windowed cursor must be typed, so PZ0213 subsumes PZ0212 and the "unverified" notice.
            WindowDeclaration.read(dataset.key(), dataset.read()).problems().forEach(problem -> problems.error(
                    PzCode.WINDOW_CONFIG_INVALID, problem, at, "declare the window in the dataset's sync block:\n"
                            + "sync:\n  mode: incremental\n  cursor: <column>\n  max_window: <1d, 6h or an integer>\n"
                            + "  initial: <first lower bound>\n(docs/incremental.md#bounded-windows)"));
            return;
        }
        if (columns == null) {
            problems.notice("source '" + dataset.key() + "': cursor '" + sync.cursor()
                    + "' unverified until --connect / first run");
            return;
        }
        String type = columns.get(sync.cursor());
        if (type == null) {
            problems.error(PzCode.CURSOR_INVALID, "source '" + dataset.key() + "': cursor '" + sync.cursor()
                    + "' is not in its columns: contract", at, "add " + sync.cursor() + " to columns:, or pick a declared column");
        } else if (dev.pz.connectors.api.ContractTypes.fromWord(type).filter(t -> t.isCursorType()).isEmpty()) {
            problems.error(PzCode.CURSOR_INVALID, "source '" + dataset.key() + "': cursor '" + sync.cursor()
                    + "' has type '" + type + "'", at, "a cursor must be int, bigint, decimal, date or timestamp");
        }
    }

    // ---- stage: calendar path templates, partition_by, files_per_partition -------------------

    private void checkTemplatedPaths(Map<SinkBinding, OutputDecl> outputs, Map<String, DatasetDecl> datasets) {
        TemplatedPathChecks checks = new TemplatedPathChecks(problems);
        for (DatasetDecl dataset : datasets.values()) {
            SourceLocation at = dataset.read().location() != null ? dataset.read().location() : dataset.firstRead();
            checks.checkDataset(dataset.key(), dataset.read(), at);
        }
        for (OutputDecl output : outputs.values()) {
            SourceLocation at = output.write().location() != null ? output.write().location()
                    : SourceLocation.file(pipelineFile(output.claimant()));
            checks.checkOutput(output.binding().name(), output.write(), at);
        }
    }

    // ---- stage: nodes ----------------------------------------------------------------------------

    private List<Node> buildNodes(Map<SinkBinding, OutputDecl> outputs, Map<String, DatasetDecl> datasets,
            Map<String, Effective> effective) {
        try (AnalysisConnection analysis = new AnalysisConnection()) {
            return buildNodes(outputs, datasets, effective, analysis);
        }
    }

    private List<Node> buildNodes(Map<SinkBinding, OutputDecl> outputs, Map<String, DatasetDecl> datasets,
            Map<String, Effective> effective, AnalysisConnection analysis) {
        Map<String, String> sqlByPipeline = new HashMap<>();
        WatermarkInference inference = new WatermarkInference(problems, analysis);
        for (String name : effective.keySet()) {
            List<SqlText.NamedSql> ctes = effective.get(name).ephemeralRefs().stream()
                    .map(ref -> new SqlText.NamedSql(ref, SqlText.normalize(queries.get(ref))))
                    .toList();
            String sql = SqlText.normalize(SqlText.inlineCtes(SqlText.normalize(queries.get(name)), ctes));
            sql = SqlText.normalize(inference.analyze(name, rendered.get(name).pipeline().file(), sql,
                    sentinels(name, effective.get(name)), effective.get(name).datasets()));
            sqlByPipeline.put(name, sql);
        }
        Map<String, ReadDef> reads = new HashMap<>();
        datasets.forEach((key, dataset) -> reads.put(key, dataset.read()));
        Map<String, Incremental> sqlDeclared = inference.declarations(reads);

        List<Node> nodes = new ArrayList<>();
        Map<String, String> sourceIds = new HashMap<>();
        Set<String> read = new HashSet<>();
        effective.values().forEach(deps -> read.addAll(deps.datasets()));
        Map<String, String> foldedNames = new HashMap<>();
        ReadHintsStage readHints = new ReadHintsStage(analysis);
        for (DatasetDecl dataset : datasets.values()) {
            if (!read.contains(dataset.key())) {
                continue;
            }
            String name = StagingNames.sourceLoad(dataset.connection(), dataset.entity());
            String clash = foldedNames.putIfAbsent(name.toLowerCase(java.util.Locale.ROOT), dataset.key());
            if (clash != null) {
                problems.error(PzCode.DUPLICATE_NAME, "datasets '" + clash + "' and '" + dataset.key()
                        + "' both land as staging relation " + name, dataset.firstRead(),
                        "read only one of them, or rename one entity");
                continue;
            }
            if (rendered.containsKey(name)) {
                problems.error(PzCode.PIPELINE_NAME_COLLIDES_WITH_STAGING, "pipeline '" + name
                        + "' has the name of the staging relation of source '" + dataset.key() + "'",
                        SourceLocation.file(pipelineFile(name)), "rename the pipeline file");
            }
            ReadDef def = dataset.read();
            Incremental incremental = sqlDeclared.get(dataset.key());
            if (incremental == null && def.sync() != null && def.sync().isIncremental()) {
                incremental = new Incremental(def.sync().cursor(), false, List.of(),
                        WindowDeclaration.read(dataset.key(), def).window());
            }
            ReadHints hints = readHints.hints(dataset, name, incremental, effective, sqlByPipeline);
            List<String> idParts = new ArrayList<>(List.of("source-load", dataset.connection(), dataset.entity(),
                    CanonicalJson.of(def.options()), CanonicalJson.of(def.columns())));
            if (hints != null) {
                idParts.add(CanonicalJson.of(hints.columns()));
                idParts.add(hints.describePredicates());
            }
            String id = NodeIds.of(idParts);
            sourceIds.put(dataset.key(), id);
            nodes.add(new SourceLoadNode(id, name, dataset.connection(), dataset.entity(), def, dataset.callSite(),
                    incremental, hints));
        }

        Map<String, String> pipelineIds = new HashMap<>();
        for (String name : effective.keySet()) {
            PipelineDef def = rendered.get(name).pipeline();
            pipelineIds.put(name, NodeIds.of(List.of("pipeline", name, def.materialization().word(),
                    sqlByPipeline.get(name))));
        }
        for (String name : effective.keySet()) {
            PipelineDef def = rendered.get(name).pipeline();
            Effective deps = effective.get(name);
            TreeSet<String> dependsOn = new TreeSet<>();
            deps.datasets().stream().map(sourceIds::get).filter(java.util.Objects::nonNull).forEach(dependsOn::add);
            deps.pipelines().stream().map(pipelineIds::get).filter(java.util.Objects::nonNull).forEach(dependsOn::add);
            List<SinkBinding> bindings = rendered.get(name).sinks().stream().map(SinkCall::binding).distinct().toList();
            List<String> tags = def.sidecar() == null ? List.of() : def.sidecar().tags();
            nodes.add(new PipelineNode(pipelineIds.get(name), name, def.file(), def.materialization(),
                    sqlByPipeline.get(name), tags, List.copyOf(dependsOn), bindings));
            addChecks(def, pipelineIds.get(name), nodes);
        }
        for (OutputDecl output : outputs.values()) {
            WriteDef write = output.write();
            String id = NodeIds.of(List.of("sink-write", output.binding().connection(), output.binding().entity(),
                    output.claimant(), write.strategy().word(), write.schemaPolicy().word(), CanonicalJson.of(write.options())));
            nodes.add(new SinkWriteNode(id, output.binding().name(), output.binding().connection(),
                    output.binding().entity(), output.claimant(), write, output.callSite(),
                    List.of(pipelineIds.get(output.claimant()))));
        }
        return nodes;
    }

    /**
     * Read hints per dataset (the columns and predicate its single reader needs), narrowed to what
     * the dataset's connector declares (ColumnPruning → columns, PredicatePushdown → predicate).
     * Because the node id takes the hint lines only when something is pushed, a dataset on a
     * connector that prunes nothing (localfiles) keeps upstream's id, while a pruned read gets a new
     * id whenever its pruning changes, so a retry never reuses a staging table that lacks a column
     * the edited reader now needs. DuckDB is opened only when some dataset's connector can take a
     * hint.
     */
    private final class ReadHintsStage {
        private final AnalysisConnection analysis;

        ReadHintsStage(AnalysisConnection analysis) {
            this.analysis = analysis;
        }

        ReadHints hints(DatasetDecl dataset, String staging, Incremental incremental, Map<String, Effective> effective,
                Map<String, String> sqlByPipeline) {
            ConnectionDef def = project.connections().get(dataset.connection());
            if (def == null) {
                return null;
            }
            Set<ConnectorCapability> caps = capabilities.apply(def.connector());
            boolean columns = caps.contains(ConnectorCapability.COLUMN_PRUNING);
            boolean predicate = caps.contains(ConnectorCapability.PREDICATE_PUSHDOWN);
            SyncDef sync = dataset.read().sync();
            if (!columns && !predicate || sync != null && sync.mode() == SyncDef.Mode.CDC) {
                return null;
            }
            List<String> readers = effective.entrySet().stream()
                    .filter(entry -> entry.getValue().datasets().contains(dataset.key())).map(Map.Entry::getKey).toList();
            if (readers.size() != 1 || sqlByPipeline.get(readers.get(0)) == null) {
                return null;
            }
            return new ReadHintsAnalyzer(analysis.get()).analyze(sqlByPipeline.get(readers.get(0)), staging,
                    incremental == null ? null : incremental.cursor(), columns, predicate);
        }
    }

    /** The watermark sentinels a pipeline renders (its own and its ephemeral refs'), to their datasets. */
    private Map<String, String> sentinels(String pipeline, Effective deps) {
        Map<String, String> sentinels = new LinkedHashMap<>();
        List<RenderedPipeline> sources = new ArrayList<>();
        sources.add(rendered.get(pipeline));
        deps.ephemeralRefs().stream().map(rendered::get).filter(java.util.Objects::nonNull).forEach(sources::add);
        for (RenderedPipeline source : sources) {
            for (SourceCall call : source.watermarks()) {
                sentinels.put(StagingNames.watermarkSentinel(call.connection(), call.entity()), call.key());
            }
        }
        return sentinels;
    }

    private void addChecks(PipelineDef pipeline, String pipelineId, List<Node> nodes) {
        if (pipeline.sidecar() == null) {
            return;
        }
        Set<String> names = nodes.stream().map(Node::name).collect(Collectors.toCollection(HashSet::new));
        for (CheckDef check : pipeline.sidecar().checks()) {
            String base = "custom_sql".equals(check.type())
                    ? "check_" + pipeline.name() + "_" + check.options().get("name")
                    : "check_" + pipeline.name() + "_" + check.type()
                            + (check.columns().isEmpty() ? "" : "_" + String.join("_", check.columns()));
            String name = base;
            for (int suffix = 2; names.contains(name); suffix++) {
                name = base + "_" + suffix;
            }
            names.add(name);
            String id = NodeIds.of(List.of("check", pipeline.name(), check.type(), String.join(",", check.columns()),
                    CanonicalJson.of(check.options())));
            boolean samples = check.sampleValues() != null ? check.sampleValues() : project.engine().checkSamples();
            nodes.add(new CheckNode(id, name, pipeline.name(), pipeline.file(), check, samples, List.of(pipelineId)));
        }
    }

    // ---- stage: delivery pairing (compile half) ---------------------------------------------------

    private void checkDeliveryPairing(List<Node> nodes, Map<String, DatasetDecl> datasets) {
        Set<String> sqlDeclared = sqlIncrementalDatasets();
        CompiledDag dag = new CompiledDag(nodes, List.of(), List.of());
        for (Node node : nodes) {
            if (!(node instanceof SinkWriteNode sink)) {
                continue;
            }
            WriteStrategy strategy = sink.write().strategy();
            if (strategy == WriteStrategy.MERGE || (strategy == WriteStrategy.APPEND && sink.write().duplicatesAccepted())) {
                continue;
            }
            for (String ancestor : dag.ancestors(sink.id())) {
                if (!(dag.node(ancestor) instanceof SourceLoadNode source)) {
                    continue;
                }
                DatasetDecl dataset = datasets.get(source.datasetKey());
                boolean incremental = sqlDeclared.contains(source.datasetKey())
                        || (dataset.read().sync() != null && dataset.read().sync().isIncremental());
                if (!incremental) {
                    continue;
                }
                SourceLocation at = sink.write().location() != null ? sink.write().location()
                        : SourceLocation.file("connections.yml");
                if (strategy == WriteStrategy.REPLACE) {
                    problems.error(PzCode.INCOMPATIBLE_PAIR, "output '" + sink.name() + "' uses strategy replace but is fed by "
                            + "incremental dataset '" + source.datasetKey() + "'; each run reads only new rows, so a "
                            + "replace would keep only the latest increment", at,
                            "use write.strategy: merge (with keys:) or append with duplicates: accept");
                } else {
                    problems.error(PzCode.INCREMENTAL_APPEND_UNACKNOWLEDGED, "output '" + sink.name()
                            + "' appends rows of incremental dataset '" + source.datasetKey()
                            + "'; a retried or crashed run may deliver rows twice", at, DELIVERY_HINT);
                }
            }
        }
    }

    // ---- stage: dead leaves ----------------------------------------------------------------------

    private void warnDeadLeaves(List<Node> nodes) {
        CompiledDag dag = new CompiledDag(nodes, List.of(), List.of());
        for (Node node : nodes) {
            if (node instanceof PipelineNode pipeline && dag.children(pipeline.id()).isEmpty()) {
                problems.warning(new PzWarning(PzCode.DEAD_LEAF_PIPELINE, "pipeline '" + pipeline.name()
                        + "' is a dead leaf: nothing ref()s it, it feeds no sink and has no checks", pipeline.file(),
                        "add INSERT INTO {{ sink(...) }} in front of its query, ref() it from another pipeline, or delete it"));
            }
        }
    }

    private String pipelineFile(String name) {
        RenderedPipeline pipeline = rendered.get(name);
        return pipeline == null ? "pipelines/" + name + ".sql" : pipeline.pipeline().file();
    }
}
