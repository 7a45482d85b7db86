package dev.pz.engine.run;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.Selection;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.state.NodeRecord;
import dev.pz.engine.state.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code pz retry} re-runs: the latest run's failed and skipped nodes that still exist (by
 * id) in the recompiled project, with their ancestors. Succeeded source loads among those ancestors
 * are reused from the prior staging database, and committed sinks whose every source load is
 * reused are carried forward.
 */
public final class RetryPlanner {

    /** The decision: nothing to do (with the line to print), or what to run. */
    public record Decision(String nothingToDo, Set<String> effective, RetryPlan plan, List<String> notices,
            List<String> changed) {
    }

    private RetryPlanner() {
    }

    public static Decision decide(CompiledDag dag, Optional<RunRecord> latest, boolean fullRefresh) {
        RunRecord prior = latest.orElseThrow(() -> new PzException(PzCode.NO_PRIOR_RUN,
                "no prior run found under .pz/runs — run 'pz run' first"));
        switch (prior.status()) {
            case "running" -> throw new PzException(PzCode.PRIOR_RUN_INCOMPLETE, "prior run was interrupted ("
                    + prior.nodes().size() + " node(s) recorded before it stopped); re-run 'pz run'");
            case "fatal" -> throw new PzException(PzCode.PRIOR_RUN_FATAL, "prior run ended fatally; re-run 'pz run'");
            case "success" -> {
                return new Decision("nothing to retry (run " + prior.runId() + " succeeded)", Set.of(), null,
                        List.of(), List.of());
            }
            default -> {
                // completed_with_failures: there is something to retry
            }
        }
        Set<String> selected = new LinkedHashSet<>();
        List<String> changed = new ArrayList<>();
        for (NodeRecord node : prior.nodes()) {
            if (node.status().equals("success")) {
                continue;
            }
            if (dag.node(node.id()) != null) {
                selected.add(node.id());
            } else {
                changed.add(node.name() + " changed since the failed run; run 'pz run' for a full pass if needed");
            }
        }
        if (selected.isEmpty()) {
            return new Decision("nothing to retry (project changed)", Set.of(), null, List.of(), changed);
        }
        Set<String> effective = Selection.withAncestors(dag, selected);
        if (fullRefresh) {
            return new Decision(null, effective, null, List.of(), changed);
        }
        Path staging = prior.directory().resolve("staging.duckdb");
        Map<String, NodeRecord> priorById = new HashMap<>();
        prior.nodes().forEach(node -> priorById.put(node.id(), node));
        Map<String, Long> reuse = new LinkedHashMap<>();
        if (Files.exists(staging)) {
            for (String id : effective) {
                NodeRecord record = priorById.get(id);
                if (dag.node(id).kind() == NodeKind.SOURCE_LOAD && record != null && record.status().equals("success")) {
                    reuse.put(id, record.rows());
                }
            }
        }
        List<NodeResult> carried = new ArrayList<>();
        for (Node node : dag.nodes()) {
            NodeRecord record = priorById.get(node.id());
            if (node.kind() != NodeKind.SINK_WRITE || effective.contains(node.id()) || record == null
                    || !record.status().equals("success")) {
                continue;
            }
            boolean allReused = dag.ancestors(node.id()).stream()
                    .filter(id -> dag.node(id).kind() == NodeKind.SOURCE_LOAD).allMatch(reuse::containsKey);
            if (allReused) {
                carried.add(new NodeResult(node.id(), node.kind(), node.name(), NodeStatus.SUCCESS, record.rows(), 0,
                        null, null, "carried_forward", null));
            }
        }
        List<String> notices = new ArrayList<>();
        if (!reuse.isEmpty()) {
            notices.add("reusing staged data for " + reuse.size() + " source load(s) from run " + prior.runId());
        }
        if (!carried.isEmpty()) {
            notices.add("carrying forward " + carried.size() + " committed sink write(s) from run " + prior.runId());
        }
        return new Decision(null, effective, new RetryPlan(prior.runId(), staging, reuse, carried), notices, changed);
    }
}
