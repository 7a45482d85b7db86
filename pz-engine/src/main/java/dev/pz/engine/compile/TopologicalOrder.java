package dev.pz.engine.compile;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SourceLocation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Kahn's algorithm; among ready nodes the lowest (kind rank, name, id) goes first, so the order is
 * the same on every machine. Nodes left over form a cycle (PZ0202).
 */
final class TopologicalOrder {
    static final Comparator<Node> READY_ORDER = Comparator.comparingInt((Node node) -> node.kind().rank())
            .thenComparing(Node::name).thenComparing(Node::id);

    private TopologicalOrder() {
    }

    static List<Node> sort(List<Node> nodes, Problems problems) {
        Map<String, Node> byId = new HashMap<>();
        Map<String, Integer> waiting = new HashMap<>();
        Map<String, List<Node>> children = new HashMap<>();
        for (Node node : nodes) {
            byId.put(node.id(), node);
        }
        PriorityQueue<Node> ready = new PriorityQueue<>(READY_ORDER);
        for (Node node : nodes) {
            int count = 0;
            for (String parent : node.dependsOn()) {
                if (byId.containsKey(parent)) {
                    count++;
                    children.computeIfAbsent(parent, key -> new ArrayList<>()).add(node);
                }
            }
            waiting.put(node.id(), count);
            if (count == 0) {
                ready.add(node);
            }
        }
        List<Node> ordered = new ArrayList<>(nodes.size());
        while (!ready.isEmpty()) {
            Node node = ready.poll();
            ordered.add(node);
            for (Node child : children.getOrDefault(node.id(), List.of())) {
                if (waiting.merge(child.id(), -1, Integer::sum) == 0) {
                    ready.add(child);
                }
            }
        }
        if (ordered.size() < nodes.size()) {
            reportCycle(nodes, ordered, byId, problems);
        }
        return ordered;
    }

    private static void reportCycle(List<Node> nodes, List<Node> ordered, Map<String, Node> byId, Problems problems) {
        Set<String> done = new java.util.HashSet<>();
        ordered.forEach(node -> done.add(node.id()));
        Node start = nodes.stream().filter(node -> !done.contains(node.id())).min(READY_ORDER).orElseThrow();
        LinkedHashSet<String> path = new LinkedHashSet<>();
        Node current = start;
        while (path.add(current.id())) {
            Node next = null;
            for (String parent : current.dependsOn()) {
                Node candidate = byId.get(parent);
                if (candidate != null && !done.contains(candidate.id())
                        && (next == null || READY_ORDER.compare(candidate, next) < 0)) {
                    next = candidate;
                }
            }
            current = next;
        }
        List<String> names = new ArrayList<>();
        boolean inCycle = false;
        for (String id : path) {
            inCycle |= id.equals(current.id());
            if (inCycle) {
                names.add(byId.get(id).name());
            }
        }
        names.add(current.name());
        java.util.Collections.reverse(names);
        problems.error(PzCode.CYCLE, "dependency cycle: " + String.join(" -> ", names),
                SourceLocation.file(current.file()), "break the cycle: a pipeline cannot ref() itself, directly or through others");
    }
}
