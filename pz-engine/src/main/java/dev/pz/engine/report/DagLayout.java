package dev.pz.engine.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A layered drawing of a DAG, left to right: each node sits one layer after its deepest dependency
 * (sources in layer 0), and within a layer nodes are ordered by the mean position of their
 * neighbours, swept down and up a few times, which removes most edge crossings of a pipeline DAG.
 * Layers are centred on each other. Deterministic: ties keep dependency order.
 */
final class DagLayout {
    static final int NODE_WIDTH = 200;
    static final int NODE_HEIGHT = 56;
    static final int LAYER_GAP = 48;
    static final int ROW_GAP = 16;
    static final int PADDING = 12;
    private static final int SWEEPS = 4;

    /** A node's box: top-left corner. */
    record Box(double x, double y) {
    }

    /** An edge from a dependency to the node that needs it. */
    record Edge(String from, String to) {
    }

    private final Map<String, Box> boxes;
    private final List<Edge> edges;
    private final double width;
    private final double height;

    private DagLayout(Map<String, Box> boxes, List<Edge> edges, double width, double height) {
        this.boxes = boxes;
        this.edges = edges;
        this.width = width;
        this.height = height;
    }

    Map<String, Box> boxes() {
        return boxes;
    }

    List<Edge> edges() {
        return edges;
    }

    double width() {
        return width;
    }

    double height() {
        return height;
    }

    /** Lays out {@code nodes} (dependency order first) with edges between the nodes present. */
    static DagLayout of(List<ReportNode> nodes) {
        Map<String, ReportNode> byId = new LinkedHashMap<>();
        nodes.forEach(node -> byId.put(node.id(), node));
        List<Edge> edges = new ArrayList<>();
        Map<String, List<String>> parents = new HashMap<>();
        Map<String, List<String>> children = new HashMap<>();
        for (ReportNode node : nodes) {
            for (String dependency : node.dependsOn()) {
                if (byId.containsKey(dependency)) {
                    edges.add(new Edge(dependency, node.id()));
                    parents.computeIfAbsent(node.id(), id -> new ArrayList<>()).add(dependency);
                    children.computeIfAbsent(dependency, id -> new ArrayList<>()).add(node.id());
                }
            }
        }
        Map<String, Integer> layerOf = new HashMap<>();
        byId.keySet().forEach(id -> layer(id, parents, layerOf));
        List<List<String>> layers = new ArrayList<>();
        for (String id : byId.keySet()) {
            int layer = layerOf.get(id);
            while (layers.size() <= layer) {
                layers.add(new ArrayList<>());
            }
            layers.get(layer).add(id);
        }
        Map<String, Integer> position = new HashMap<>();
        layers.forEach(layer -> index(layer, position));
        for (int sweep = 0; sweep < SWEEPS; sweep++) {
            for (int i = 1; i < layers.size(); i++) {
                reorder(layers.get(i), parents, position);
            }
            for (int i = layers.size() - 2; i >= 0; i--) {
                reorder(layers.get(i), children, position);
            }
        }
        int tallest = layers.stream().mapToInt(List::size).max().orElse(0);
        double rowPitch = NODE_HEIGHT + ROW_GAP;
        Map<String, Box> boxes = new LinkedHashMap<>();
        for (int l = 0; l < layers.size(); l++) {
            List<String> layer = layers.get(l);
            double offset = (tallest - layer.size()) * rowPitch / 2;
            for (int row = 0; row < layer.size(); row++) {
                boxes.put(layer.get(row), new Box(PADDING + l * (NODE_WIDTH + LAYER_GAP), PADDING + offset + row * rowPitch));
            }
        }
        double width = 2 * PADDING + layers.size() * NODE_WIDTH + Math.max(0, layers.size() - 1) * LAYER_GAP;
        double height = 2 * PADDING + tallest * NODE_HEIGHT + Math.max(0, tallest - 1) * ROW_GAP;
        return new DagLayout(boxes, edges, width, height);
    }

    private static int layer(String id, Map<String, List<String>> parents, Map<String, Integer> layerOf) {
        Integer known = layerOf.get(id);
        if (known != null) {
            return known;
        }
        int layer = 0;
        for (String parent : parents.getOrDefault(id, List.of())) {
            layer = Math.max(layer, layer(parent, parents, layerOf) + 1);
        }
        layerOf.put(id, layer);
        return layer;
    }

    /** Sorts a layer by the mean position of each node's neighbours in the adjacent layer; a node without any keeps its place. */
    private static void reorder(List<String> layer, Map<String, List<String>> neighbours, Map<String, Integer> position) {
        Map<String, Double> key = new HashMap<>();
        for (String id : layer) {
            List<String> adjacent = neighbours.getOrDefault(id, List.of());
            key.put(id, adjacent.isEmpty() ? position.get(id)
                    : adjacent.stream().mapToInt(position::get).average().orElse(0));
        }
        layer.sort(Comparator.comparingDouble(key::get));
        index(layer, position);
    }

    private static void index(List<String> layer, Map<String, Integer> position) {
        for (int i = 0; i < layer.size(); i++) {
            position.put(layer.get(i), i);
        }
    }
}
