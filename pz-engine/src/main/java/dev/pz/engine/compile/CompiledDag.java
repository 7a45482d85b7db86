package dev.pz.engine.compile;

import dev.pz.engine.events.NodeKind;
import dev.pz.engine.model.PzWarning;
import dev.pz.engine.model.SecretMask;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The compiled DAG: nodes in topological order, with the warnings and notices compiling produced,
 * and the secrets whose values must be masked in whatever is written or printed about it.
 */
public final class CompiledDag {
    private final List<Node> nodes;
    private final List<PzWarning> warnings;
    private final List<String> notices;
    private final SecretMask secrets;
    private final Map<String, Node> byId = new LinkedHashMap<>();
    private final Map<String, List<String>> children = new HashMap<>();

    public CompiledDag(List<Node> nodes, List<PzWarning> warnings, List<String> notices) {
        this(nodes, warnings, notices, SecretMask.none());
    }

    public CompiledDag(List<Node> nodes, List<PzWarning> warnings, List<String> notices, SecretMask secrets) {
        this.nodes = List.copyOf(nodes);
        this.warnings = List.copyOf(warnings);
        this.notices = List.copyOf(notices);
        this.secrets = secrets;
        for (Node node : this.nodes) {
            byId.put(node.id(), node);
            for (String parent : node.dependsOn()) {
                children.computeIfAbsent(parent, key -> new ArrayList<>()).add(node.id());
            }
        }
    }

    public List<Node> nodes() {
        return nodes;
    }

    public List<PzWarning> warnings() {
        return warnings;
    }

    public List<String> notices() {
        return notices;
    }

    /** The secret values of this compile; the nodes' SQL holds them unmasked, for execution. */
    public SecretMask secrets() {
        return secrets;
    }

    public Node node(String id) {
        return byId.get(id);
    }

    public Optional<Node> byName(String name) {
        return nodes.stream().filter(node -> node.name().equals(name)).findFirst();
    }

    public List<String> children(String id) {
        return Collections.unmodifiableList(children.getOrDefault(id, List.of()));
    }

    /** Every node reachable downstream of {@code id}, excluding it. */
    public Set<String> descendants(String id) {
        return walk(id, this::children);
    }

    /** Every node {@code id} transitively depends on, excluding it. */
    public Set<String> ancestors(String id) {
        return walk(id, other -> byId.get(other).dependsOn());
    }

    private Set<String> walk(String start, java.util.function.Function<String, List<String>> next) {
        Set<String> seen = new LinkedHashSet<>();
        Deque<String> queue = new ArrayDeque<>(next.apply(start));
        while (!queue.isEmpty()) {
            String id = queue.removeFirst();
            if (seen.add(id)) {
                queue.addAll(next.apply(id));
            }
        }
        return seen;
    }

    /** The connected components of the DAG (edges taken as undirected), each in topological order. */
    public List<List<Node>> flows() {
        Map<String, String> root = new HashMap<>();
        for (Node node : nodes) {
            root.put(node.id(), node.id());
        }
        for (Node node : nodes) {
            for (String parent : node.dependsOn()) {
                root.put(find(root, node.id()), find(root, parent));
            }
        }
        Map<String, List<Node>> groups = new LinkedHashMap<>();
        for (Node node : nodes) {
            groups.computeIfAbsent(find(root, node.id()), key -> new ArrayList<>()).add(node);
        }
        return List.copyOf(groups.values());
    }

    private static String find(Map<String, String> root, String id) {
        String current = id;
        while (!root.get(current).equals(current)) {
            current = root.get(current);
        }
        return current;
    }

    /**
     * A flow's label: its sink names joined with {@code " + "} (ordinal-sorted), or, without sinks,
     * the names of its leaves that are not checks.
     */
    public String flowLabel(List<Node> flow) {
        TreeSet<String> sinks = new TreeSet<>();
        for (Node node : flow) {
            if (node.kind() == NodeKind.SINK_WRITE) {
                sinks.add(node.name());
            }
        }
        if (sinks.isEmpty()) {
            for (Node node : flow) {
                boolean leaf = children(node.id()).stream().allMatch(child -> byId.get(child).kind() == NodeKind.CHECK);
                if (leaf && node.kind() != NodeKind.CHECK) {
                    sinks.add(node.name());
                }
            }
        }
        return String.join(" + ", sinks);
    }
}
