package dev.pz.engine.plan;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The planned nodes, in topological order, the run's static memory budget, the ids of the nodes
 * that run fused (see {@link Fusion}): their pipelines, and in a whole fused chain their source
 * loads, become views, and the sink's COPY streams them to the destination in one statement; and
 * the ids of the nodes of universal chains that stream from source to sink (see {@link UniversalStreaming}).
 */
public record ExecutionPlan(List<PlannedNode> nodes, MemoryBudget memoryBudget, Set<String> fused,
        Set<String> streamed) {

    public ExecutionPlan {
        nodes = List.copyOf(nodes);
        fused = Set.copyOf(fused);
        streamed = Set.copyOf(streamed);
    }

    public ExecutionPlan(List<PlannedNode> nodes, MemoryBudget memoryBudget, Set<String> fused) {
        this(nodes, memoryBudget, fused, Set.of());
    }

    public ExecutionPlan(List<PlannedNode> nodes, MemoryBudget memoryBudget) {
        this(nodes, memoryBudget, Set.of());
    }

    /** The same plan with {@code ids} streamed. */
    public ExecutionPlan withStreamed(Set<String> ids) {
        return new ExecutionPlan(nodes, memoryBudget, fused, ids);
    }

    public boolean isFused(String id) {
        return fused.contains(id);
    }

    /** Whether the node belongs to a universal chain that streams from its source to its sink. */
    public boolean isStreamed(String id) {
        return streamed.contains(id);
    }

    public Optional<PlannedNode> node(String id) {
        return nodes.stream().filter(node -> node.id().equals(id)).findFirst();
    }
}
