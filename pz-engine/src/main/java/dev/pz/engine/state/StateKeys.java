package dev.pz.engine.state;

import dev.pz.engine.compile.StagingNames;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Maps a state key {@code <connection>.<entity>} to the SourceLoad node that records its watermark in
 * run_results.json: {@code erp.dbo.orders} → {@code src_erp__dbo_orders} (the entity's characters
 * outside {@code [A-Za-z0-9_]} fold to {@code _}). Folding can map two keys to one node; such a key's
 * history is ambiguous.
 */
public final class StateKeys {

    private StateKeys() {
    }

    /** The SourceLoad node name for {@code key}, split at its first dot; empty for a key without one. */
    public static Optional<String> nodeName(String key) {
        int dot = key.indexOf('.');
        if (dot <= 0 || dot == key.length() - 1) {
            return Optional.empty();
        }
        return Optional.of(StagingNames.sourceLoad(key.substring(0, dot), key.substring(dot + 1)));
    }

    /** Why run artifacts cannot tell {@code key}'s watermarks apart, if they cannot. */
    public static Optional<String> ambiguity(String key, Collection<String> storedKeys) {
        Optional<String> node = nodeName(key);
        if (node.isEmpty()) {
            return Optional.of("key '" + key + "' is not <connection>.<entity>, so no run node records it");
        }
        List<String> clashes = storedKeys.stream().filter(other -> !other.equals(key))
                .filter(other -> nodeName(other).equals(node)).sorted().toList();
        if (clashes.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("keys '" + key + "' and '" + String.join("', '", clashes) + "' both record under node "
                + node.get());
    }

    /** The watermark {@code run} recorded for {@code key}'s SourceLoad node, if any. */
    public static Optional<Watermark> recorded(RunRecord run, String key) {
        Optional<String> node = nodeName(key);
        if (node.isEmpty()) {
            return Optional.empty();
        }
        return run.nodes().stream().filter(record -> "SourceLoad".equals(record.kind()))
                .filter(record -> node.get().equals(record.name())).map(NodeRecord::watermark)
                .filter(watermark -> watermark != null).findFirst();
    }
}
