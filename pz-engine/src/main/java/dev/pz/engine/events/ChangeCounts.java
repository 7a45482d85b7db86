package dev.pz.engine.events;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a change-capture source load read: the raw count of each kind of change (before the changes
 * were collapsed to one per key), and the position the next run resumes from, or null when nothing
 * changed. The position becomes the stored token only when every downstream sink committed.
 */
public record ChangeCounts(long inserts, long updates, long deletes, String position) {

    /** The {@code cdc} object of node_completed events and run_results.json, in its documented key order. */
    public Map<String, Object> json() {
        Map<String, Object> cdc = new LinkedHashMap<>();
        cdc.put("inserts", inserts);
        cdc.put("updates", updates);
        cdc.put("deletes", deletes);
        cdc.put("position", position);
        return cdc;
    }
}
