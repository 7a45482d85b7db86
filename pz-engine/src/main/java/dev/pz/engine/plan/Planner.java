package dev.pz.engine.plan;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.engine.compile.CheckNode;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorMessages;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.SecretMask;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.SyncDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Chooses a strategy for every node of the full DAG. The planner never connects: it reads static
 * capabilities and asks connectors for native fragments, which by contract are cheap and offline.
 * A refusal is an error only for nodes the run will execute; for the others it is written into the
 * reason, so an unrelated flow can still run.
 */
public final class Planner {
    private final Project project;
    private final ConnectorRegistry registry;
    private final SecretMask secrets;
    private final Problems problems = new Problems();
    private final Set<String> reportedCapabilityRefusals = new HashSet<>();

    private Planner(Project project, ConnectorRegistry registry, SecretMask secrets) {
        this.project = project;
        this.registry = registry;
        this.secrets = secrets;
    }

    /**
     * Plans the whole DAG. {@code includeChecks} adds check nodes (run plans do, {@code pz plan}
     * does not); {@code inRun} tells which nodes will execute. Throws
     * {@link dev.pz.connectors.api.error.PzValidationException} with every refusal.
     */
    public static ExecutionPlan plan(CompiledDag dag, Project project, ConnectorRegistry registry,
            boolean includeChecks, Predicate<String> inRun) {
        Planner planner = new Planner(project, registry, dag.secrets());
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
        String noNative = "arrow stream: connector '" + connection.connector() + "' has no native path";
        if (connector.isEmpty()) {
            return universal(node, 1, noNative, readToken);
        }
        DatasetSpec spec = DatasetSpec.of(node.connection(), node.entity(), node.read().options(), node.read().columns());
        boolean cdc = node.read().sync() != null && node.read().sync().mode() == SyncDef.Mode.CDC;
        if (cdc) {
            spec = spec.withChangeCapture(new DatasetSpec.ChangeCapture(node.read().sync().slot(), null));
        }
        int partitions = declaredPartitions(connector.get(), spec);
        List<CapabilityRules.Refusal> refusals = new ArrayList<>(CapabilityRules.connection(connection, connector.get()));
        refusals.addAll(CapabilityRules.source(node, connector.get(), project.engine()));
        refusals.forEach(refusal -> refuse(inRun, refusal));
        Optional<Source> source = open(() -> connector.get().openSource(config(connection)), connection, inRun);
        if (source == null || source.isEmpty()) {
            if (source != null) {
                refuse(inRun, new CapabilityRules.Refusal(PzCode.CONNECTOR_NOT_INSTALLED, "connector '"
                        + connection.connector() + "' cannot read, but source '" + node.datasetKey() + "' reads from it",
                        location(connection), null));
            }
            return universal(node, partitions, refusals.isEmpty() ? noNative : refused(connection, refusals), readToken);
        }
        try (Source opened = source.get()) {
            if (project.engine().forceUniversal()) {
                if (!has(connector.get(), ConnectorCapability.NATIVE_ONLY_READ)) {
                    opened.checkUniversalRead(spec);
                }
                return universal(node, partitions, "arrow stream: engine.force_universal = true", readToken);
            }
            // Changes come only through the universal tier: a native scan would read the table, not its changes.
            Optional<NativeScan> scan = has(connector.get(), ConnectorCapability.NATIVE_SCAN) && !cdc
                    ? opened.nativeScan(spec) : Optional.empty();
            if (!refusals.isEmpty()) {
                return universal(node, partitions, refused(connection, refusals), readToken);
            }
            if (scan.isEmpty()) {
                if (has(connector.get(), ConnectorCapability.NATIVE_ONLY_READ)) {
                    refuse(inRun, CapabilityRules.nativeOnly(node, connector.get(), "it offers no native scan of this"
                            + " dataset", "check the dataset's options against `pz connectors --json`"));
                } else {
                    opened.checkUniversalRead(spec);
                }
                return universal(node, partitions, opened.universalReason(spec)
                        .map(why -> "arrow stream: " + why).orElse(noNative), readToken);
            }
            String reason = "native scan: connector '" + connection.connector() + "' provides " + scan.get().mechanism()
                    + " over " + scan.get().location() + " (" + readToken + ")";
            return new PlannedNode(node.id(), node.kind(), node.name(), Strategy.NATIVE_SCAN, partitions, reason, null,
                    scan.get(), null);
        } catch (PzConnectorException refusal) {
            reportUnlessRefused(inRun, refusal, refusals, node.read().options(), node.read()::locationOf,
                    node.read().location());
            return universal(node, partitions, nativePathRefused(connection, refusal, inRun), readToken);
        }
    }

    private PlannedNode universal(SourceLoadNode node, int partitions, String base, String readToken) {
        String reason = base + (partitions > 1 ? " (" + partitions + " partitions)" : "") + " (" + readToken + ")";
        ReadHints hints = node.hints();
        PlannedNode.Pushdown pushdown = hints == null ? null : new PlannedNode.Pushdown(
                hints.columns() == null ? null : hints.columns().size(), !hints.predicates().isEmpty(),
                hints.predicates().isEmpty() ? null : secrets.mask(hints.describePredicates()));
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
        List<CapabilityRules.Refusal> refusals = new ArrayList<>(CapabilityRules.connection(connection, connector.get()));
        refusals.addAll(CapabilityRules.sink(node, connector.get()));
        refusals.forEach(refusal -> refuse(inRun, refusal));
        Optional<Sink> sink = open(() -> connector.get().openSink(config(connection)), connection, inRun);
        if (sink == null || sink.isEmpty()) {
            if (sink != null) {
                refuse(inRun, new CapabilityRules.Refusal(PzCode.CONNECTOR_NOT_INSTALLED, "connector '"
                        + connection.connector() + "' cannot write, but output '" + node.name() + "' writes to it",
                        location(connection), null));
            }
            return sinkNode(node, Strategy.ARROW_STREAM, refusals.isEmpty() ? noNative : refused(connection, refusals),
                    null);
        }
        OutputSpec spec = new OutputSpec(node.connection(), node.entity(), node.write().strategy(),
                node.write().schemaPolicy(), node.write().options(), node.write().keys(), null);
        try (Sink opened = sink.get()) {
            if (project.engine().forceUniversal()) {
                opened.checkUniversalWrite(spec);
                return sinkNode(node, Strategy.ARROW_STREAM, "arrow stream: engine.force_universal = true", null);
            }
            Optional<NativeCopy> copy = has(connector.get(), ConnectorCapability.NATIVE_COPY) ? opened.nativeCopy(spec)
                    : Optional.empty();
            if (!refusals.isEmpty()) {
                return sinkNode(node, Strategy.ARROW_STREAM, refused(connection, refusals), null);
            }
            if (copy.isPresent()) {
                return sinkNode(node, Strategy.NATIVE_COPY, "native copy: connector '" + connection.connector()
                        + "' provides " + copy.get().mechanism(), copy.get());
            }
            Optional<NativeSqlWrite> sql = has(connector.get(), ConnectorCapability.NATIVE_COPY)
                    ? opened.nativeSqlWrite(spec) : Optional.empty();
            if (sql.isPresent()) {
                return new PlannedNode(node.id(), node.kind(), node.name(), Strategy.NATIVE_COPY, 1, "native copy: "
                        + "connector '" + connection.connector() + "' provides " + sql.get().mechanism(), null, null,
                        null, sql.get());
            }
            opened.checkUniversalWrite(spec);
            return sinkNode(node, Strategy.ARROW_STREAM, opened.universalReason(spec)
                    .map(why -> "arrow stream: " + why).orElse(noNative), null);
        } catch (PzConnectorException refusal) {
            reportUnlessRefused(inRun, refusal, refusals, node.write().options(), node.write()::locationOf,
                    node.write().location());
            return sinkNode(node, Strategy.ARROW_STREAM, nativePathRefused(connection, refusal, inRun), null);
        }
    }

    /**
     * Opens a connection's read or write side (empty when the connector has none); null when the
     * connector refused the connection's configuration, reported once at the option it names.
     */
    private <T> Optional<T> open(Supplier<Optional<T>> opener, ConnectionDef connection, boolean inRun) {
        try {
            return opener.get();
        } catch (PzConnectorException refusal) {
            String subject = "connection '" + connection.name() + "'";
            String message = ConnectorMessages.withoutCodeOrSubject(subject, refusal.getMessage());
            refuse(inRun, new CapabilityRules.Refusal(refusal.code().orElse(PzCode.CONNECTOR_CONFIG_INVALID),
                    subject + ": " + message, ConnectorMessages.locate(message, connection.config(),
                            connection::locationOf, location(connection)), refusal.hint().orElse(null)));
            return null;
        }
    }

    private ConnectorConfig config(ConnectionDef connection) {
        return ConnectorRegistry.configFor(connection, project.directory());
    }

    private static PlannedNode sinkNode(SinkWriteNode node, Strategy strategy, String reason, NativeCopy copy) {
        return new PlannedNode(node.id(), node.kind(), node.name(), strategy, 1, reason, null, null, copy);
    }

    private void refuse(boolean inRun, CapabilityRules.Refusal refusal) {
        SourceLocation at = refusal.location() != null ? refusal.location() : SourceLocation.file("connections.yml");
        if (inRun && reportedCapabilityRefusals.add(refusal.code().code() + "|" + at + "|" + refusal.message())) {
            problems.error(refusal.code(), refusal.message(), at, refusal.hint());
        }
    }

    /**
     * A connector's refusal of a read or write, with its own code and hint (one without a code is a
     * native path mismatch), at the option it names — unless a capability rule already refused the
     * node with that code: the connector then says the same thing in its own words.
     */
    private void reportUnlessRefused(boolean inRun, PzConnectorException refusal, List<CapabilityRules.Refusal> refusals,
            Map<String, Object> options, Function<String, SourceLocation> locationOf, SourceLocation block) {
        PzCode code = refusal.code().orElse(PzCode.NATIVE_PATH_CONTRACT_MISMATCH);
        if (refusals.stream().noneMatch(earlier -> earlier.code() == code)) {
            String message = ConnectorMessages.withoutCode(refusal.getMessage());
            refuse(inRun, new CapabilityRules.Refusal(code, message, ConnectorMessages.locate(message, options,
                    locationOf, block), refusal.hint().orElse(null)));
        }
    }

    /** The plan reason of a node whose connector refused it: deferred, with its code, when the run leaves it out. */
    private static String nativePathRefused(ConnectionDef connection, PzConnectorException refusal, boolean inRun) {
        return inRun ? "arrow stream: connector '" + connection.connector() + "' native path refused"
                : "arrow stream: " + refusal.code().orElse(PzCode.NATIVE_PATH_CONTRACT_MISMATCH).code()
                        + " deferred because this node is not part of the run";
    }

    private static String refused(ConnectionDef connection, List<CapabilityRules.Refusal> refusals) {
        return "arrow stream: connector '" + connection.connector() + "' refuses this node ("
                + refusals.get(0).code().code() + ")";
    }

    private static SourceLocation location(ConnectionDef connection) {
        return connection.location() != null ? connection.location() : SourceLocation.file("connections.yml");
    }

    private static boolean has(Connector connector, ConnectorCapability capability) {
        return connector.capabilities().contains(capability);
    }
}
