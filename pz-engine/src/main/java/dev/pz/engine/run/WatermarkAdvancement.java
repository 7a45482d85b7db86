package dev.pz.engine.run;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.state.Watermark;
import dev.pz.engine.state.WatermarkStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Commit-gated advancement: a source load's candidate becomes the stored watermark only when
 * every sink among its descendants in the full DAG ran in this run and succeeded, and the source
 * itself was not re-extracted under a carried-forward sink. A dataset no sink drains advances on
 * the source's success alone. Each dataset is written on its own; a failure becomes a note.
 */
final class WatermarkAdvancement {

    private WatermarkAdvancement() {
    }

    /**
     * @param storedAtStart the watermarks the run read when it started: a key still holding that value is
     *        simply replaced; one another run advanced meanwhile only moves forward
     */
    static List<String> advance(CompiledDag dag, List<NodeResult> results, WatermarkStore store,
            Map<String, Watermark> storedAtStart, String runId) {
        Map<String, NodeResult> byId = new HashMap<>();
        results.forEach(result -> byId.put(result.id(), result));
        List<String> failures = new ArrayList<>();
        for (NodeResult result : results) {
            if (result.kind() != NodeKind.SOURCE_LOAD || result.status() != NodeStatus.SUCCESS
                    || result.watermark() == null) {
                continue;
            }
            if (!sinksCommitted(dag, result, byId)) {
                continue;
            }
            SourceLoadNode source = (SourceLoadNode) dag.node(result.id());
            try {
                store.advance(source.datasetKey(), new Watermark(result.watermark().cursor(), result.watermark().type(),
                        result.watermark().value(), runId), storedAtStart.get(source.datasetKey()));
            } catch (RuntimeException e) {
                failures.add(source.datasetKey() + " (" + e.getMessage() + ")");
            }
        }
        if (failures.isEmpty()) {
            return List.of();
        }
        return List.of("could not persist watermarks for " + failures.size() + " dataset(s) after their sinks "
                + "committed [PZ0527]: " + String.join("; ", failures) + "; the next run will re-extract from the "
                + "previous watermark, which duplicates rows into append outputs -- check the state store, then "
                + "`pz state show`");
    }

    static boolean sinksCommitted(CompiledDag dag, NodeResult source, Map<String, NodeResult> byId) {
        boolean reused = "reused".equals(source.provenance());
        for (String descendant : dag.descendants(source.id())) {
            Node node = dag.node(descendant);
            if (node.kind() != NodeKind.SINK_WRITE) {
                continue;
            }
            NodeResult sink = byId.get(descendant);
            if (sink == null || sink.status() != NodeStatus.SUCCESS) {
                return false;
            }
            if (!reused && "carried_forward".equals(sink.provenance())) {
                return false;
            }
        }
        return true;
    }
}
