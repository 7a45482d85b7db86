package dev.pz.engine.plan;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.engine.compile.CdcRouting;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.model.DriftPolicy;
import dev.pz.engine.model.EngineConfig;
import dev.pz.engine.model.Materialization;
import dev.pz.engine.model.Project;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Universal chain streaming, the universal tier's counterpart of native fusion: a universal source
 * read in full → one pipeline → one sink runs as one streaming unit on the source node. The
 * source's batches are registered with DuckDB as an Arrow stream behind a view of the source's
 * name, the pipeline is a view over it, and the sink receives the pipeline's result as DuckDB
 * computes it (a universal write session, or a native COPY to a file); nothing is staged.
 *
 * <p>A chain qualifies when the source is planned {@code arrow_stream}, is read in full (neither
 * incremental nor change capture), feeds only this pipeline, and has no schema-drift gate that could
 * still fail its load; the pipeline reads only that source, is materialized as a table and has no
 * checks and no other consumer; the sink applies no deletes, merges only into a connector that
 * counts the merge's repeated keys itself (otherwise they are counted over the staged relation
 * first), and is either a universal write whose connector does not need the staged text lengths
 * ({@code TextLengthStats}) or a native COPY to a file; and no
 * node of it is reused by a retry. It runs before {@link Fusion}, which leaves streamed nodes alone
 * (a pipeline streamed into a file write would otherwise be fused alone, its source staged).
 * {@code engine.fusion: false} stages everything.
 */
public final class UniversalStreaming {

    private UniversalStreaming() {
    }

    /** The plan with every qualifying chain streamed; {@code eligible} excludes nodes a retry reuses. */
    public static ExecutionPlan apply(ExecutionPlan plan, CompiledDag dag, Project project, ConnectorRegistry registry,
            Predicate<String> eligible) {
        if (project.engine().fusion() == EngineConfig.FusionScope.NONE) {
            return plan;
        }
        Map<String, PlannedNode> planned = new HashMap<>();
        plan.nodes().forEach(node -> planned.put(node.id(), node));
        Predicate<String> free = id -> eligible.test(id) && !plan.isFused(id) && planned.containsKey(id);
        Set<String> streamed = new HashSet<>();
        Map<String, String> notes = new HashMap<>();
        for (Node node : dag.nodes()) {
            if (!(node instanceof PipelineNode pipeline)) {
                continue;
            }
            Optional<SourceLoadNode> source = source(pipeline, dag, planned, project, free);
            Optional<SinkWriteNode> sink = sink(pipeline, dag, planned, project, registry, free);
            if (source.isEmpty() || sink.isEmpty()) {
                continue;
            }
            String switchOff = " (engine.fusion: false stages it)";
            streamed.addAll(List.of(source.get().id(), pipeline.id(), sink.get().id()));
            notes.put(source.get().id(), "streamed: its Arrow stream feeds " + pipeline.name() + " and "
                    + sink.get().name() + " directly, nothing staged" + switchOff);
            notes.put(pipeline.id(), "streamed: a view over " + source.get().name() + "'s Arrow stream, written by "
                    + sink.get().name() + " as it is computed" + switchOff);
            notes.put(sink.get().id(), "streamed: receives " + pipeline.name() + " as it is computed from "
                    + source.get().name() + switchOff);
        }
        if (streamed.isEmpty()) {
            return plan;
        }
        List<PlannedNode> nodes = plan.nodes().stream()
                .map(node -> notes.containsKey(node.id()) ? node.withNote(notes.get(node.id())) : node).toList();
        return new ExecutionPlan(nodes, plan.memoryBudget(), plan.fused(), streamed);
    }

    /** The pipeline's one source when it can stream into it. */
    private static Optional<SourceLoadNode> source(PipelineNode pipeline, CompiledDag dag,
            Map<String, PlannedNode> planned, Project project, Predicate<String> free) {
        if (pipeline.materialization() != Materialization.TABLE || pipeline.dependsOn().size() != 1
                || !free.test(pipeline.id())) {
            return Optional.empty();
        }
        String parent = pipeline.dependsOn().get(0);
        if (!(dag.node(parent) instanceof SourceLoadNode source) || !free.test(parent)
                || planned.get(parent).strategy() != Strategy.ARROW_STREAM || source.incremental() != null
                || CdcRouting.isCdc(source) || dag.children(parent).size() != 1 || driftGated(source, project)) {
            return Optional.empty();
        }
        return Optional.of(source);
    }

    /** Whether the schema-drift gate inspects the landed source (and so may fail its load after the read). */
    private static boolean driftGated(SourceLoadNode source, Project project) {
        return project.onSourceDrift() != DriftPolicy.IGNORE && source.read().columns() == null;
    }

    /** The pipeline's one consumer when it is a sink that can receive the pipeline as it is computed. */
    private static Optional<SinkWriteNode> sink(PipelineNode pipeline, CompiledDag dag, Map<String, PlannedNode> planned,
            Project project, ConnectorRegistry registry, Predicate<String> free) {
        List<String> children = dag.children(pipeline.id());
        if (children.size() != 1 || !(dag.node(children.get(0)) instanceof SinkWriteNode sink)
                || !free.test(sink.id())) {
            return Optional.empty();
        }
        String onDelete = sink.write().onDelete();
        if (onDelete != null && !"ignore".equals(onDelete)) {
            return Optional.empty();
        }
        PlannedNode plan = planned.get(sink.id());
        boolean fileCopy = plan.strategy() == Strategy.NATIVE_COPY && plan.nativeCopy() != null;
        boolean universal = plan.strategy() != Strategy.NATIVE_COPY
                || plan.nativeCopy() == null && plan.nativeSqlWrite() == null;
        Optional<Connector> connector = connectorOf(sink, project, registry);
        if (sink.write().strategy() == WriteStrategy.MERGE
                && !(universal && connector.map(Connector::countsMergeKeyDuplicates).orElse(false))) {
            return Optional.empty();
        }
        boolean needsTextLengths = connector
                .map(found -> found.capabilities().contains(ConnectorCapability.TEXT_LENGTH_STATS)).orElse(true);
        if (fileCopy || universal && !needsTextLengths) {
            return Optional.of(sink);
        }
        return Optional.empty();
    }

    private static Optional<Connector> connectorOf(SinkWriteNode sink, Project project, ConnectorRegistry registry) {
        return Optional.ofNullable(project.connections().get(sink.connection()))
                .flatMap(def -> registry.find(def.connector()));
    }
}
