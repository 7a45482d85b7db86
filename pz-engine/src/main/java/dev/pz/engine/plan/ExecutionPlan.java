package dev.pz.engine.plan;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The planned nodes, in topological order, the run's static memory budget, and the ids of the
 * nodes that run fused (see {@link Fusion}): their pipelines, and in a whole fused chain their source
 * loads, become views, and the sink's COPY streams them to the destination in one statement.
 */
public record ExecutionPlan(List<PlannedNode> nodes, MemoryBudget memoryBudget, Set<String> fused) {

    public ExecutionPlan {
        nodes = List.copyOf(nodes);
        fused = Set.copyOf(fused);
    }

    public ExecutionPlan(List<PlannedNode> nodes, MemoryBudget memoryBudget) {
        this(nodes, memoryBudget, Set.of());
    }

    public boolean isFused(String id) {
        return fused.contains(id);
    }

    public Optional<PlannedNode> node(String id) {
        return nodes.stream().filter(node -> node.id().equals(id)).findFirst();
    }
}
