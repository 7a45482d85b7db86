package dev.pz.engine.plan;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.model.Project;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Native fusion: a chain source loads → one pipeline → one sink that is a pure pass-through needs
 * no staged copy. Its source loads and pipeline become views and one COPY reads the files and
 * writes the destination in one streaming statement; the pipeline node runs that COPY (so it reports
 * its exact row count) and the sink node moves the finished file into place. When the pipeline reads
 * one source and keeps exactly its rows, the source node runs the COPY instead and takes its own row
 * count from it (see {@code FusedCopy}), so the source is not scanned a second time to be counted. A chain qualifies when
 * every source is planned {@code native_scan} and read in full (not incrementally), the pipeline has
 * no checks and no pipeline reads it, its only consumer is a {@code native_copy} sink writing a file
 * (a native SQL write into an attached database is never fused), and nothing in
 * it is reused by a retry. Opt-in with {@code engine.fusion: true}: a fused chain reports a failure
 * to read the source on the pipeline node, where the staged path reports it on the source load. The
 * sinks keep their temporary-file-and-rename replace, so a failed run still
 * leaves the destination whole.
 */
public final class Fusion {

    private Fusion() {
    }

    /** The plan with every qualifying chain fused; {@code eligible} excludes nodes a retry reuses. */
    public static ExecutionPlan apply(ExecutionPlan plan, CompiledDag dag, Project project, Predicate<String> eligible) {
        if (!project.engine().fusion()) {
            return plan;
        }
        Map<String, PlannedNode> planned = new HashMap<>();
        plan.nodes().forEach(node -> planned.put(node.id(), node));
        Set<String> fused = new HashSet<>();
        Map<String, String> notes = new HashMap<>();
        for (Node node : dag.nodes()) {
            if (!(node instanceof PipelineNode pipeline) || !qualifies(pipeline, dag, planned, eligible)) {
                continue;
            }
            List<String> sinks = dag.children(pipeline.id());
            String by = sinks.stream().map(id -> dag.node(id).name()).sorted().reduce((a, b) -> a + ", " + b)
                    .orElse("");
            fused.add(pipeline.id());
            notes.put(pipeline.id(), "fused: a view streamed by one COPY into " + by + ", nothing staged");
            for (String source : pipeline.dependsOn()) {
                fused.add(source);
                notes.put(source, "fused: a view over the file, streamed by the COPY of " + by);
            }
            for (String sink : sinks) {
                fused.add(sink);
                notes.put(sink, "fused: one COPY streams " + pipeline.name() + " from its source files (native fusion)");
            }
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

    private static boolean qualifies(PipelineNode pipeline, CompiledDag dag, Map<String, PlannedNode> planned,
            Predicate<String> eligible) {
        if (!eligible.test(pipeline.id()) || pipeline.dependsOn().isEmpty()) {
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
        List<String> children = dag.children(pipeline.id());
        if (children.size() != 1) {
            return false;
        }
        for (String child : children) {
            PlannedNode plan = planned.get(child);
            if (dag.node(child).kind() != NodeKind.SINK_WRITE || plan == null || plan.strategy() != Strategy.NATIVE_COPY
                    || plan.nativeCopy() == null || !eligible.test(child)) {
                return false;
            }
        }
        return true;
    }
}
