package dev.pz.engine.plan;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.paths.PartitionColumns;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.engine.compile.CheckNode;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.execute.FailureMessages;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.SyncDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Chooses a strategy for every node of the full DAG. The planner never connects: it reads static
 * capabilities and asks connectors for native fragments, which by contract are cheap and offline.
 * A refusal is an error only for nodes the run will execute; for the others it is written into the
 * reason, so an unrelated flow can still run.
 */
public final class Planner {
    private final Project project;
    private final ConnectorRegistry registry;
    private final Problems problems = new Problems();
    private final Set<String> reportedCapabilityRefusals = new HashSet<>();

    private Planner(Project project, ConnectorRegistry registry) {
        this.project = project;
        this.registry = registry;
    }

    /**
     * Plans the whole DAG. {@code includeChecks} adds check nodes (run plans do, {@code pz plan}
     * does not); {@code inRun} tells which nodes will execute. Throws
     * {@link dev.pz.connectors.api.error.PzValidationException} with every refusal.
     */
    public static ExecutionPlan plan(CompiledDag dag, Project project, ConnectorRegistry registry,
            boolean includeChecks, Predicate<String> inRun) {
        Planner planner = new Planner(project, registry);
        List<PlannedNode> planned = new ArrayList<>();
        for (Node node : dag.nodes()) {
            if (node instanceof SourceLoadNode source) {
                planned.add(planner.planSource(source, inRun.test(node.id())));
            } else if (node instanceof PipelineNode pipeline) {
                planned.add(new PlannedNode(pipeline.id(), pipeline.kind(), pipeline.name(), Strategy.DUCK_SQL, 1,
                        "duckdb sql: executes in-engine", null, null, null));
            } else if (node instanceof CheckNode check) {
                if (includeChecks) {
                    planned.add(new PlannedNode(check.id(), check.kind(), check.name(), Strategy.DUCK_SQL, 1,
                            "check: not executed in this version", null, null, null));
                }
            } else if (node instanceof SinkWriteNode sink) {
                planned.add(planner.planSink(sink, inRun.test(node.id())));
            }
        }
        planner.problems.throwIfErrors();
        return new ExecutionPlan(planned, MemoryBudget.compute(project.engine()));
    }

    private PlannedNode planSource(SourceLoadNode node, boolean inRun) {
        ConnectionDef connection = project.connections().get(node.connection());
        Optional<Connector> connector = registry.find(connection.connector());
        String readToken = readToken(node);
        if (connector.isEmpty()) {
            return universal(node, 1, "arrow stream: connector '" + connection.connector() + "' has no native path",
                    readToken);
        }
        DatasetSpec spec = DatasetSpec.of(node.connection(), node.entity(), node.read().options(), node.read().columns());
        int partitions = declaredPartitions(connector.get(), spec);
        SyncDef sync = node.read().sync();
        if (sync != null && sync.isWindowed() && !has(connector.get(), ConnectorCapability.BOUNDED_WINDOW)) {
            refuse(inRun, PzCode.WINDOW_CAPABILITY_MISSING, connection, "connector '" + connection.connector()
                    + "' cannot bound a read window, so source '" + node.datasetKey() + "' cannot use max_window",
                    "remove max_window/initial/until from the sync: block");
        }
        checkSourceCapabilities(node, connection, connector.get(), inRun);
        Optional<Source> source = connector.get().openSource(ConnectorRegistry.configFor(connection, project.directory()));
        if (source.isEmpty()) {
            refuse(inRun, PzCode.CONNECTOR_NOT_INSTALLED, connection, "connector '" + connection.connector()
                    + "' cannot read, but source '" + node.datasetKey() + "' reads from it", null);
            return universal(node, partitions, "arrow stream: connector '" + connection.connector()
                    + "' has no native path", readToken);
        }
        try (Source opened = source.get()) {
            if (project.engine().forceUniversal()) {
                checkUniversalRead(opened, spec, inRun);
                return universal(node, partitions, "arrow stream: engine.force_universal = true", readToken);
            }
            Optional<NativeScan> scan = opened.nativeScan(spec);
            if (scan.isEmpty()) {
                checkUniversalRead(opened, spec, inRun);
                return universal(node, partitions, "arrow stream: connector '" + connection.connector()
                        + "' has no native path", readToken);
            }
            String reason = "native scan: connector '" + connection.connector() + "' provides " + scan.get().mechanism()
                    + " over " + scan.get().location() + " (" + readToken + ")";
            return new PlannedNode(node.id(), node.kind(), node.name(), Strategy.NATIVE_SCAN, partitions, reason, null,
                    scan.get(), null);
        } catch (PzConnectorException refusal) {
            if (inRun) {
                problems.error(refusal.code().orElse(PzCode.NATIVE_PATH_CONTRACT_MISMATCH), FailureMessages.withoutCode(refusal.getMessage()),
                        SourceLocation.file("connections.yml"), null);
            }
            return universal(node, partitions, "arrow stream: connector '" + connection.connector()
                    + "' native path refused", readToken);
        }
    }

    /**
     * The static gates of a source: a calendar-templated path needs PathTemplating (PZ0314); a
     * native-only connector refuses files_per_partition and engine.force_universal (PZ0312).
     */
    private void checkSourceCapabilities(SourceLoadNode node, ConnectionDef connection, Connector connector,
            boolean inRun) {
        String subject = "source '" + node.connection() + "' dataset '" + node.entity() + "'";
        Object path = node.read().options().get("path");
        if (path instanceof String pattern && PathTemplate.hasDateTokens(pattern)
                && !has(connector, ConnectorCapability.PATH_TEMPLATING)) {
            refuse(inRun, PzCode.TEMPLATING_CAPABILITY_MISSING, connection, subject + " has a date-templated path,"
                    + " but connector '" + connection.connector() + "' does not support path templating",
                    "use a PathTemplating-capable connector, or remove the date tokens / partition_by");
        }
        if (!has(connector, ConnectorCapability.NATIVE_ONLY_READ)) {
            return;
        }
        if (node.read().options().containsKey("files_per_partition")) {
            refuse(inRun, PzCode.NATIVE_PATH_REQUIRED, connection, subject + " sets files_per_partition, but connector '"
                    + connection.connector() + "' supports only the native path", "remove files_per_partition (the"
                    + " native path hands DuckDB the file list in one scan and needs no coalescing)");
        }
        if (project.engine().forceUniversal()) {
            refuse(inRun, PzCode.NATIVE_PATH_REQUIRED, connection, subject + " uses connector '"
                    + connection.connector() + "', which supports only the native path, but engine.force_universal is"
                    + " set", "remove engine.force_universal or use a connector with a universal read path");
        }
    }

    private void checkUniversalRead(Source source, DatasetSpec spec, boolean inRun) {
        try {
            source.checkUniversalRead(spec);
        } catch (PzConnectorException refusal) {
            if (inRun) {
                problems.error(refusal.code().orElse(PzCode.NATIVE_PATH_REQUIRED), FailureMessages.withoutCode(refusal.getMessage()),
                        SourceLocation.file("connections.yml"), null);
            }
        }
    }

    private PlannedNode universal(SourceLoadNode node, int partitions, String base, String readToken) {
        String reason = base + (partitions > 1 ? " (" + partitions + " partitions)" : "") + " (" + readToken + ")";
        PlannedNode.Pushdown pushdown = node.hints() == null ? null : new PlannedNode.Pushdown(
                node.hints().columns() == null ? null : node.hints().columns().size(), node.hints().predicateSql() != null);
        return new PlannedNode(node.id(), node.kind(), node.name(), Strategy.ARROW_STREAM, partitions, reason, pushdown,
                null, null);
    }

    private static String readToken(SourceLoadNode node) {
        SyncDef sync = node.read().sync();
        if (sync == null || sync.mode() == SyncDef.Mode.AUTO) {
            return "read=full";
        }
        return sync.mode() == SyncDef.Mode.CDC ? "read=cdc" : "read=incremental cursor=" + sync.cursor();
    }

    private static int declaredPartitions(Connector connector, DatasetSpec spec) {
        if (!has(connector, ConnectorCapability.PARTITIONED_READ)) {
            return 1;
        }
        Object column = spec.options().get("partition_column");
        Object count = spec.options().get("partitions");
        if (column == null || !(count instanceof Long declared)) {
            return 1;
        }
        return (int) Math.max(1, Math.min(16, declared));
    }

    private PlannedNode planSink(SinkWriteNode node, boolean inRun) {
        ConnectionDef connection = project.connections().get(node.connection());
        Optional<Connector> connector = registry.find(connection.connector());
        String noNative = "arrow stream: connector '" + connection.connector() + "' has no native path";
        if (connector.isEmpty()) {
            return sinkNode(node, Strategy.ARROW_STREAM, noNative, null);
        }
        checkPartitionedOutput(node, connection, connector.get(), inRun);
        WriteStrategy strategy = node.write().strategy();
        if (strategy == WriteStrategy.MERGE && !has(connector.get(), ConnectorCapability.MERGE)
                || strategy == WriteStrategy.REPLACE && !has(connector.get(), ConnectorCapability.REPLACE_WRITES)) {
            refuse(inRun, PzCode.WRITE_MODE_UNSUPPORTED, connection, "output '" + node.name() + "': connector '"
                    + connection.connector() + "' does not support strategy " + strategy.word(),
                    "pick a strategy the connector supports (see `pz connectors`)");
        }
        Optional<Sink> sink = connector.get().openSink(ConnectorRegistry.configFor(connection, project.directory()));
        if (sink.isEmpty()) {
            refuse(inRun, PzCode.CONNECTOR_NOT_INSTALLED, connection, "connector '" + connection.connector()
                    + "' cannot write, but output '" + node.name() + "' writes to it", null);
            return sinkNode(node, Strategy.ARROW_STREAM, noNative, null);
        }
        OutputSpec spec = new OutputSpec(node.connection(), node.entity(), strategy, node.write().schemaPolicy(),
                node.write().options(), node.write().keys(), null);
        try (Sink opened = sink.get()) {
            if (project.engine().forceUniversal()) {
                checkUniversalWrite(opened, spec, connection, inRun);
                return sinkNode(node, Strategy.ARROW_STREAM, "arrow stream: engine.force_universal = true", null);
            }
            Optional<NativeCopy> copy = opened.nativeCopy(spec);
            if (copy.isEmpty()) {
                checkUniversalWrite(opened, spec, connection, inRun);
                return sinkNode(node, Strategy.ARROW_STREAM, noNative, null);
            }
            return sinkNode(node, Strategy.NATIVE_COPY, "native copy: connector '" + connection.connector()
                    + "' provides " + copy.get().mechanism(), copy.get());
        } catch (PzConnectorException refusal) {
            if (inRun) {
                problems.error(refusal.code().orElse(PzCode.NATIVE_PATH_CONTRACT_MISMATCH), FailureMessages.withoutCode(refusal.getMessage()),
                        SourceLocation.file("connections.yml"), null);
            }
            return sinkNode(node, Strategy.ARROW_STREAM, "arrow stream: connector '" + connection.connector()
                    + "' native path refused", null);
        }
    }

    /**
     * {@code partition_by} needs the capability that owns the layout: PathTemplating when the path
     * has calendar tokens (pz renders a folder per value), ColumnPartitionedWrites otherwise (the
     * destination partitions itself). PZ0314 names the missing one.
     */
    private void checkPartitionedOutput(SinkWriteNode node, ConnectionDef connection, Connector connector,
            boolean inRun) {
        if (PartitionColumns.read(node.write().options()).isEmpty()) {
            return;
        }
        Object path = node.write().options().get("path");
        boolean rendersFromPath = path instanceof String pattern && PathTemplate.hasDateTokens(pattern);
        ConnectorCapability required = rendersFromPath ? ConnectorCapability.PATH_TEMPLATING
                : ConnectorCapability.COLUMN_PARTITIONED_WRITES;
        if (!has(connector, required)) {
            refuse(inRun, PzCode.TEMPLATING_CAPABILITY_MISSING, connection, "output '" + node.entity() + "' on sink '"
                    + node.connection() + "' declares partition_by, but connector '" + connection.connector()
                    + "' does not declare " + required.displayName(), rendersFromPath
                            ? "use a PathTemplating-capable connector, or remove the date tokens / partition_by"
                            : "use a connector that partitions by column value, or remove partition_by");
        }
    }

    private void checkUniversalWrite(Sink sink, OutputSpec spec, ConnectionDef connection, boolean inRun) {
        try {
            sink.checkUniversalWrite(spec);
        } catch (PzConnectorException refusal) {
            if (inRun) {
                problems.error(refusal.code().orElse(PzCode.NATIVE_PATH_REQUIRED), FailureMessages.withoutCode(refusal.getMessage()),
                        connection.location() != null ? connection.location() : SourceLocation.file("connections.yml"),
                        null);
            }
        }
    }

    private static PlannedNode sinkNode(SinkWriteNode node, Strategy strategy, String reason, NativeCopy copy) {
        return new PlannedNode(node.id(), node.kind(), node.name(), strategy, 1, reason, null, null, copy);
    }

    private void refuse(boolean inRun, PzCode code, ConnectionDef connection, String message, String hint) {
        if (inRun && reportedCapabilityRefusals.add(code.code() + "|" + connection.name() + "|" + message)) {
            problems.error(code, message, connection.location() != null ? connection.location()
                    : SourceLocation.file("connections.yml"), hint);
        }
    }

    private static boolean has(Connector connector, ConnectorCapability capability) {
        return connector.capabilities().contains(capability);
    }
}
