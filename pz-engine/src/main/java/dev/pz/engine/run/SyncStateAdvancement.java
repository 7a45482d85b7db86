package dev.pz.engine.run;

import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.state.SyncStateStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Commit-gated advancement of change-capture tokens, by the rule watermarks follow
 * ({@link WatermarkAdvancement}): a source load's new position is stored only when every sink
 * among its descendants ran in this run and committed. A crash between a sink's commit and this
 * write leaves the old token, so the next run reads those changes again, and the merge that applies
 * them makes the replay harmless.
 */
final class SyncStateAdvancement {

    private SyncStateAdvancement() {
    }

    static List<String> advance(CompiledDag dag, List<NodeResult> results, SyncStateStore store, String runId) {
        Map<String, NodeResult> byId = new HashMap<>();
        results.forEach(result -> byId.put(result.id(), result));
        List<String> failures = new ArrayList<>();
        for (NodeResult result : results) {
            if (result.kind() != NodeKind.SOURCE_LOAD || result.status() != NodeStatus.SUCCESS || result.cdc() == null
                    || result.cdc().position() == null || !WatermarkAdvancement.sinksCommitted(dag, result, byId)) {
                continue;
            }
            SourceLoadNode source = (SourceLoadNode) dag.node(result.id());
            try {
                store.set(source.datasetKey(), new SyncStateStore.SyncState(result.cdc().position(), runId));
            } catch (RuntimeException e) {
                failures.add(source.datasetKey() + " (" + e.getMessage() + ")");
            }
        }
        if (failures.isEmpty()) {
            return List.of();
        }
        return List.of("could not persist sync state for " + failures.size() + " dataset(s) after their sinks "
                + "committed [PZ0527]: " + String.join("; ", failures) + "; the next run will re-read from the "
                + "previous token, which the merge outputs absorb -- check the state store, then `pz state show`");
    }
}
