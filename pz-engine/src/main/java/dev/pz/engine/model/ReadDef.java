package dev.pz.engine.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Read options of one dataset, from an entity's {@code read:} block or from {@code source()}
 * kwargs. {@code options} holds the connector pass-through options (pz's keys removed);
 * {@code columns} is the typed contract in declaration order, or null; {@code sync} is null when
 * absent (same as {@code mode: auto}); {@code retry} is null when absent.
 */
public record ReadDef(Map<String, Object> options, Map<String, String> columns, SyncDef sync, RetrySpec retry,
        SourceLocation location) {

    public ReadDef {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        columns = columns == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(columns));
    }

    public static ReadDef empty(SourceLocation location) {
        return new ReadDef(Map.of(), null, null, null, location);
    }
}
