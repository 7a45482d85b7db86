package dev.pz.engine.emit;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The scale-out units of a project: one flow per sink (the sink with everything it needs), ordered
 * so that a flow comes after the flows whose sinks its sources read. pz's DAG has no edge between a
 * sink and a source of the same {@code <connection>.<entity>}; across separate processes that data
 * dependency is what orders the commits.
 */
public final class ScaleOutFlows {

    private ScaleOutFlows() {
    }

    /**
     * Every sink's flow with {@code shards} shards, dependencies first (ties by name); PZ0722 when
     * the project writes no sink, PZ0723 when flows read each other's sinks in a cycle.
     */
    public static List<ScaleOutFlow> of(CompiledDag dag, int shards) {
        Map<String, Set<String>> needs = new TreeMap<>();
        for (Node node : dag.nodes()) {
            if (node instanceof SinkWriteNode sink) {
                needs.put(sink.name(), readsOf(dag, sink));
            }
        }
        if (needs.isEmpty()) {
            throw new PzException(PzError.of(PzCode.EMIT_NOTHING_TO_SCALE,
                    "the project writes no sink, so there is no flow to emit.")
                    .withHint("add a sink() to a pipeline, or run the project with `pz run`"));
        }
        needs.replaceAll((flow, datasets) -> {
            Set<String> upstream = new TreeSet<>(datasets);
            upstream.retainAll(needs.keySet());
            upstream.remove(flow);
            return upstream;
        });
        return ordered(needs, shards);
    }

    /** The datasets the sources upstream of {@code sink} read, as {@code <connection>.<entity>}. */
    private static Set<String> readsOf(CompiledDag dag, SinkWriteNode sink) {
        Set<String> datasets = new TreeSet<>();
        for (String id : dag.ancestors(sink.id())) {
            if (dag.node(id) instanceof SourceLoadNode source) {
                datasets.add(source.datasetKey());
            }
        }
        return datasets;
    }

    private static List<ScaleOutFlow> ordered(Map<String, Set<String>> needs, int shards) {
        List<ScaleOutFlow> order = new ArrayList<>();
        Set<String> placed = new TreeSet<>();
        while (placed.size() < needs.size()) {
            List<String> ready = needs.entrySet().stream()
                    .filter(entry -> !placed.contains(entry.getKey()) && placed.containsAll(entry.getValue()))
                    .map(Map.Entry::getKey).toList();
            if (ready.isEmpty()) {
                Set<String> stuck = new TreeSet<>(needs.keySet());
                stuck.removeAll(placed);
                throw new PzException(PzError.of(PzCode.EMIT_FLOW_CYCLE, "the flows " + String.join(", ", stuck)
                        + " read each other's sinks, so no order can run them.")
                        .withHint("let one of them read a source the other does not write"));
            }
            for (String flow : ready) {
                order.add(new ScaleOutFlow(flow, shards, List.copyOf(needs.get(flow))));
                placed.add(flow);
            }
        }
        return order;
    }
}
