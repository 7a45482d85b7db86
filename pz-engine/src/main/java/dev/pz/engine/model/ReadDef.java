package dev.pz.engine.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Read options of one dataset, from an entity's {@code read:} block or from {@code source()}
 * kwargs. {@code options} holds the connector pass-through options (pz's keys removed);
 * {@code columns} is the typed contract in declaration order, or null; {@code sync} is null when
 * absent (same as {@code mode: auto}); {@code retry} is null when absent. {@code location} is the
 * block's ({@code read:} in connections.yml, or the {@code source()} call); {@code keyLocations}
 * holds the line of each key written in YAML (call-site kwargs share the call's location).
 */
public record ReadDef(Map<String, Object> options, Map<String, String> columns, SyncDef sync, RetrySpec retry,
        SourceLocation location, Map<String, SourceLocation> keyLocations) {

    public ReadDef {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        columns = columns == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(columns));
        keyLocations = Map.copyOf(keyLocations);
    }

    public static ReadDef empty(SourceLocation location) {
        return new ReadDef(Map.of(), null, null, null, location, Map.of());
    }

    /** Where {@code key} was written: its own line when known, else the block's location. */
    public SourceLocation locationOf(String key) {
        return keyLocations.getOrDefault(key, location);
    }
}
