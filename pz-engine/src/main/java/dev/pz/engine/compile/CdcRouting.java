package dev.pz.engine.compile;

import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.SyncDef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which outputs a change capture may feed, over the full DAG: only merge outputs (a replace or
 * append of a change stream would lose or double rows), each saying what to do with deletes
 * ({@code on_delete:}); an {@code on_delete:} needs a cdc dataset upstream, and applying deletes
 * needs that dataset to be the output's only source, so that every deleted key belongs to it.
 */
public final class CdcRouting {

    private CdcRouting() {
    }

    static void check(List<Node> nodes, Problems problems) {
        CompiledDag dag = new CompiledDag(nodes, List.of(), List.of());
        for (Node node : nodes) {
            if (!(node instanceof SinkWriteNode sink)) {
                continue;
            }
            List<SourceLoadNode> sources = sources(dag, sink);
            List<SourceLoadNode> cdc = sources.stream().filter(CdcRouting::isCdc).toList();
            WriteStrategy strategy = sink.write().strategy();
            String onDelete = sink.write().onDelete();
            SourceLocation at = sink.write().location() != null ? sink.write().location()
                    : SourceLocation.file("connections.yml");
            SourceLocation onDeleteAt = sink.write().locationOf("on_delete") != null
                    ? sink.write().locationOf("on_delete") : at;
            for (SourceLoadNode source : cdc) {
                if (strategy != WriteStrategy.MERGE) {
                    problems.error(PzCode.INCOMPATIBLE_PAIR, "output '" + sink.name() + "' uses strategy "
                            + strategy.word() + " but is fed by cdc dataset '" + source.datasetKey() + "' (cdc x "
                            + strategy.word() + "): " + (strategy == WriteStrategy.APPEND
                                    ? "a cdc read delivers change events, and an append would land each one as a row"
                                    : "each run reads only the changes since the last one, so a replace would keep"
                                            + " only the latest changes"), at,
                            "use write.strategy: merge with on_delete: and keys:");
                } else if (onDelete == null) {
                    problems.error(PzCode.CDC_CONSENT_MISSING, "output '" + sink.name() + "' merges cdc dataset '"
                            + source.datasetKey() + "' but does not say what to do with deleted rows", at,
                            "declare write.on_delete: delete, soft, or ignore (on the sink() call or in the output's"
                                    + " write: block)");
                }
            }
            if (onDelete == null) {
                continue;
            }
            if (cdc.isEmpty()) {
                problems.error(PzCode.CDC_DELETE_ROUTE_INVALID, "output '" + sink.name() + "' declares on_delete but no"
                        + " cdc dataset feeds it: on_delete requires a cdc-fed input", onDeleteAt,
                        "remove on_delete, or read the source with sync: {mode: cdc}");
            } else if (!"ignore".equals(onDelete) && sources.size() > 1) {
                problems.error(PzCode.CDC_DELETE_ROUTE_INVALID, "output '" + sink.name() + "' applies deletes (on_delete: "
                        + onDelete + ") but is fed by " + sources.size() + " sources ("
                        + String.join(", ", sources.stream().map(SourceLoadNode::datasetKey).toList())
                        + "); delete keys cannot be routed through a multi-source pipeline, only from a single cdc"
                        + " source", onDeleteAt,
                        "feed the output from the cdc dataset alone, or use on_delete: ignore");
            }
        }
    }

    /**
     * The cdc dataset whose deleted keys an output applies: its only source, when that source is a
     * change capture and the output is a merge with {@code on_delete: delete|soft}.
     */
    public static Optional<SourceLoadNode> deleteOrigin(CompiledDag dag, SinkWriteNode sink) {
        String onDelete = sink.write().onDelete();
        if (sink.write().strategy() != WriteStrategy.MERGE || !"delete".equals(onDelete) && !"soft".equals(onDelete)) {
            return Optional.empty();
        }
        List<SourceLoadNode> sources = sources(dag, sink);
        return sources.size() == 1 && isCdc(sources.get(0)) ? Optional.of(sources.get(0)) : Optional.empty();
    }

    /** Whether a source load reads with {@code sync: {mode: cdc}}. */
    public static boolean isCdc(SourceLoadNode source) {
        return source.read().sync() != null && source.read().sync().mode() == SyncDef.Mode.CDC;
    }

    private static List<SourceLoadNode> sources(CompiledDag dag, SinkWriteNode sink) {
        List<SourceLoadNode> sources = new ArrayList<>();
        for (String ancestor : dag.ancestors(sink.id())) {
            if (dag.node(ancestor) instanceof SourceLoadNode source) {
                sources.add(source);
            }
        }
        return sources;
    }
}
