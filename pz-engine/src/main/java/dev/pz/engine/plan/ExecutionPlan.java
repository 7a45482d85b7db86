package dev.pz.engine.plan;

import java.util.List;
import java.util.Optional;

/** The planned nodes, in topological order, and the run's static memory budget. */
public record ExecutionPlan(List<PlannedNode> nodes, MemoryBudget memoryBudget) {

    public ExecutionPlan {
        nodes = List.copyOf(nodes);
    }

    public Optional<PlannedNode> node(String id) {
        return nodes.stream().filter(node -> node.id().equals(id)).findFirst();
    }
}
