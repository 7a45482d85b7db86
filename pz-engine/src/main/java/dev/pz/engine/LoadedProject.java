package dev.pz.engine;

import dev.pz.connectors.api.Connector;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.DagCompiler;
import dev.pz.engine.compile.RenderContext;
import dev.pz.engine.connect.ConnectorCatalog;
import dev.pz.engine.connect.ConnectorLock;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.model.Project;
import dev.pz.engine.validate.EntitySchemaProbe;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.Set;

/** A project read from its files, not yet compiled. */
public final class LoadedProject {
    private final PzEngine engine;
    private final Project project;
    private final Supplier<ConnectorRegistry> registry;

    LoadedProject(PzEngine engine, Project project, Supplier<ConnectorRegistry> registry) {
        this.engine = engine;
        this.project = project;
        this.registry = registry;
    }

    /** pz's connectors and the project's packages, loaded (after the restore check) on first use. */
    ConnectorRegistry registry() {
        return registry.get();
    }

    public String name() {
        return project.name();
    }

    public Path directory() {
        return project.directory();
    }

    /** The number of pipeline files. */
    public int pipelineCount() {
        return project.pipelines().size();
    }

    /**
     * {@code pz connectors}: the connectors this project can use — pz's own and those of its connector
     * packages — sorted by name.
     */
    public List<ConnectorSummary> connectors() {
        return Guard.call(() -> registry().all().stream().map(connector -> new ConnectorSummary(connector.name(),
                ConnectorCatalog.tiers(connector.capabilities()),
                ConnectorCatalog.capabilityNames(connector.capabilities()),
                registry().origin(connector.name()).map(ConnectorLock.LockedPackage::packageId).orElse(null),
                registry().origin(connector.name()).map(ConnectorLock.LockedPackage::version).orElse(null))).toList());
    }

    /**
     * {@code pz connectors --json} for this project: builtins show {@code builtinPackage} and
     * {@code builtinVersion}, packaged connectors their package and version.
     */
    public String connectorCatalog(String builtinPackage, String builtinVersion) {
        return Guard.call(() -> ConnectorCatalog.json(registry().all(), name -> registry().origin(name)
                .map(locked -> new ConnectorCatalog.Origin(locked.packageId(), locked.version()))
                .orElse(new ConnectorCatalog.Origin(builtinPackage, builtinVersion))));
    }

    /**
     * The live schema of {@code entity} of {@code connection}, through a real connection (30 s bound).
     * {@code read} (null for none) gives or overrides the entity's read options, so an entity not
     * declared in connections.yml can be probed too. PZ0330 when the connection is unknown or the
     * dataset cannot be read; PZ0331 when a {@code columns:} contract no longer matches.
     */
    public EntitySchema entitySchema(String connection, String entity, Map<String, Object> read) {
        return Guard.call(() -> {
            EntitySchemaProbe.Result probed = EntitySchemaProbe.probe(project, registry(), connection, entity, read);
            return probed.contract() == null ? new EntitySchema(columns(probed.live()), "fetched", List.of())
                    : new EntitySchema(columns(probed.contract()), "declared_contract", columns(probed.extra()));
        });
    }

    private static List<EntitySchema.Column> columns(List<EntitySchemaProbe.Column> columns) {
        return columns.stream().map(column -> new EntitySchema.Column(column.name(), column.type())).toList();
    }

    /**
     * Renders every pipeline and builds the DAG. Compile warnings, then compile notices, go to
     * {@code diagnostics}, which also receives what later verbs on the compiled project report on the
     * way (validation notes, warnings of a run).
     */
    public CompiledProject compile(Diagnostics diagnostics) {
        return Guard.call(() -> {
            ConnectorRegistry connectors = registry();
            CompiledDag dag = DagCompiler.compile(project, RenderContext.forCompile(engine.environment()),
                    name -> connectors.find(name).map(Connector::capabilities).orElse(Set.of()),
                    name -> connectors.find(name).map(connector -> connector.connectionOptions().secretNames())
                            .orElse(Set.of()));
            dag.warnings().forEach(warning -> diagnostics.warning(warning.render()));
            dag.notices().forEach(diagnostics::notice);
            return new CompiledProject(engine, connectors, project, dag, diagnostics);
        });
    }
}
