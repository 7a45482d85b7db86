package dev.pz.engine.plan;

import dev.pz.connectors.api.WriteStrategy;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.model.EngineConfig;
import dev.pz.engine.model.Materialization;
import dev.pz.engine.model.Project;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Native fusion: a pipeline whose only consumer is one native file write needs no staged copy.
 *
 * <p>Whole chains (the default): a chain source load → one pipeline → one sink that is a pure
 * pass-through. Its source load and pipeline become views and one COPY reads the files and writes
 * the destination in one streaming statement; the source node runs that COPY and takes its own row
 * count from it when the pipeline keeps exactly the source's rows (see {@code FusedCopy}), the
 * pipeline node reports the rows the COPY wrote, and the sink node moves the finished file into
 * place. A COPY that fails is replayed the staged way from the source load on, so a failure is
 * reported by the node, and with the message, it would be under {@code engine.fusion: false}. A
 * chain qualifies when its one source is planned {@code native_scan}, is read in full (not
 * incrementally) and by this pipeline alone, and nothing in it is reused by a retry. With
 * {@code engine.fusion: true} a chain of several sources qualifies too: its COPY is the pipeline
 * node's, which then reports a failure to read a source that the staged path reports on the load.
 *
 * <p>Pipelines alone ({@code engine.fusion: false} turns it off): a pipeline that does not qualify
 * as a whole chain becomes a view whose node runs the sink's COPY; its sources are staged tables as
 * before, so the only thing that changes is that {@code staging.duckdb} holds a view for the pipeline
 * rather than a table (a failed COPY is run again the staged way, so a failure is reported by the
 * same node with the same message). Such a pipeline must be materialized as a table (a view pipeline
 * reports no rows of its own).
 *
 * <p>Either way the pipeline has no checks and no pipeline reading it, and its only consumer is a
 * {@code native_copy} sink that does not merge (a merge reports duplicate keys from the staged
 * relation before it writes) writing a file (a native SQL write into an attached database is never
 * fused). The sinks keep their temporary-file-and-rename replace, so a failed run still leaves the
 * destination whole.
 */
public final class Fusion {

    /** The start of a pipeline's plan note when it is fused alone; the sink's name follows. */
    private static final String PIPELINE_NOTE = "streamed: a view whose node runs the COPY into ";

    /** The end of a fused chain's plan notes: what staging.duckdb keeps instead, and the switch. */
    private static final String CHAIN_SWITCH = " (staging.duckdb keeps views; engine.fusion: false stages tables)";

    private Fusion() {
    }

    /** The plan with every qualifying chain fused; {@code eligible} excludes nodes a retry reuses. */
    public static ExecutionPlan apply(ExecutionPlan plan, CompiledDag dag, Project project, Predicate<String> eligible) {
        EngineConfig.FusionScope scope = project.engine().fusion();
        if (scope == EngineConfig.FusionScope.NONE) {
            return plan;
        }
        Map<String, PlannedNode> planned = new HashMap<>();
        plan.nodes().forEach(node -> planned.put(node.id(), node));
        Set<String> fused = new HashSet<>();
        Map<String, String> notes = new HashMap<>();
        for (Node node : dag.nodes()) {
            if (!(node instanceof PipelineNode pipeline) || !consumerQualifies(pipeline, dag, planned, eligible)) {
                continue;
            }
            List<String> sinks = dag.children(pipeline.id());
            String by = sinks.stream().map(id -> dag.node(id).name()).sorted().reduce((a, b) -> a + ", " + b)
                    .orElse("");
            if (!sourcesQualify(scope, pipeline, dag, planned, eligible)) {
                if (pipeline.materialization() == Materialization.TABLE) {
                    fused.add(pipeline.id());
                    fused.addAll(sinks);
                    notes.put(pipeline.id(), PIPELINE_NOTE + by + " (engine.fusion: false stages a table)");
                }
                continue;
            }
            fuseChain(pipeline, sinks, by, fused, notes);
        }
        if (fused.isEmpty()) {
            return plan;
        }
        List<PlannedNode> nodes = new ArrayList<>();
        for (PlannedNode node : plan.nodes()) {
            String note = notes.get(node.id());
            nodes.add(note == null ? node : new PlannedNode(node.id(), node.kind(), node.name(), node.strategy(),
                    node.partitions(), node.reason() + "; " + note, node.pushdown(), node.nativeScan(),
                    node.nativeCopy(), node.nativeSqlWrite()));
        }
        return new ExecutionPlan(nodes, plan.memoryBudget(), fused);
    }

    /** Marks a whole chain fused, with the plan note of each of its nodes. */
    private static void fuseChain(PipelineNode pipeline, List<String> sinks, String by, Set<String> fused,
            Map<String, String> notes) {
        boolean oneSource = pipeline.dependsOn().size() == 1;
        fused.add(pipeline.id());
        notes.put(pipeline.id(), "fused: a view streamed by one COPY into " + by + ", nothing staged"
                + (oneSource ? "" : "; a source that cannot be read fails this node") + CHAIN_SWITCH);
        for (String source : pipeline.dependsOn()) {
            fused.add(source);
            notes.put(source, "fused: a view over the file, " + (oneSource ? "whose node runs the COPY into "
                    : "streamed by the COPY of ") + by + CHAIN_SWITCH);
        }
        for (String sink : sinks) {
            fused.add(sink);
            notes.put(sink, "fused: one COPY streams " + pipeline.name() + " from its source files (native fusion)");
        }
    }

    /** Whether the pipeline and its one consumer, a file write that does not merge, can be streamed by one COPY. */
    private static boolean consumerQualifies(PipelineNode pipeline, CompiledDag dag, Map<String, PlannedNode> planned,
            Predicate<String> eligible) {
        if (!eligible.test(pipeline.id())) {
            return false;
        }
        List<String> children = dag.children(pipeline.id());
        if (children.size() != 1) {
            return false;
        }
        String child = children.get(0);
        PlannedNode plan = planned.get(child);
        return dag.node(child) instanceof SinkWriteNode && plan != null && plan.strategy() == Strategy.NATIVE_COPY
                && plan.nativeCopy() != null && eligible.test(child) && !merges(child, dag);
    }

    /** Whether the sink merges: it then keeps the pipeline's table (see the class comment). */
    private static boolean merges(String sink, CompiledDag dag) {
        return ((SinkWriteNode) dag.node(sink)).write().strategy() == WriteStrategy.MERGE;
    }

    /**
     * Whether every source of the pipeline can be a view over its files, read only by the chain's COPY;
     * by default the chain must read one source, so that its source node can run the COPY.
     */
    private static boolean sourcesQualify(EngineConfig.FusionScope scope, PipelineNode pipeline, CompiledDag dag,
            Map<String, PlannedNode> planned, Predicate<String> eligible) {
        int sources = pipeline.dependsOn().size();
        if (sources == 0 || sources > 1 && scope != EngineConfig.FusionScope.ALL_CHAINS) {
            return false;
        }
        for (String parent : pipeline.dependsOn()) {
            Node node = dag.node(parent);
            PlannedNode plan = planned.get(parent);
            if (!(node instanceof SourceLoadNode source) || source.incremental() != null || plan == null
                    || plan.strategy() != Strategy.NATIVE_SCAN || !eligible.test(parent)
                    || dag.children(parent).size() != 1) {
                return false;
            }
        }
        return true;
    }
}
