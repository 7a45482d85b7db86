package dev.pz.engine.plan;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.NativeSqlWrite;
import dev.pz.engine.events.NodeKind;
import java.util.Optional;

/**
 * The plan for one node: its strategy, declared partition count and the reason (never SQL, never a
 * secret). A native node carries the connector's fragment for the executor (a sink: a native copy
 * or a native SQL write, both planned {@code native_copy}); the fragment is not part of plan.json.
 */
public record PlannedNode(String id, NodeKind kind, String name, Strategy strategy, int partitions, String reason,
        Pushdown pushdown, NativeScan nativeScan, NativeCopy nativeCopy, NativeSqlWrite nativeSqlWrite) {

    /** A node without a native SQL write. */
    public PlannedNode(String id, NodeKind kind, String name, Strategy strategy, int partitions, String reason,
            Pushdown pushdown, NativeScan nativeScan, NativeCopy nativeCopy) {
        this(id, kind, name, strategy, partitions, reason, pushdown, nativeScan, nativeCopy, null);
    }

    /** The same node with {@code note} appended to its reason. */
    public PlannedNode withNote(String note) {
        return new PlannedNode(id, kind, name, strategy, partitions, reason + "; " + note, pushdown, nativeScan,
                nativeCopy, nativeSqlWrite);
    }

    public Optional<Pushdown> pushdownInfo() {
        return Optional.ofNullable(pushdown);
    }

    /**
     * What a universal read pushes to its source: a column count (null = whole row), whether it
     * offers a filter, and that filter read as one condition ({@code amount > 500 and flag = true},
     * secrets masked; null when none). The source applies each part it can express with the same
     * meaning; the pipeline's own filter runs in DuckDB either way.
     */
    public record Pushdown(Integer columnsPushed, boolean predicatePushed, String filter) {

        public Pushdown(Integer columnsPushed, boolean predicatePushed) {
            this(columnsPushed, predicatePushed, null);
        }
    }
}
