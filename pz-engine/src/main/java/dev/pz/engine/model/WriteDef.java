package dev.pz.engine.model;

import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Write options of one output, from an entity's {@code write:} block or from {@code sink()} kwargs.
 * {@code options} holds the connector pass-through options (pz's keys removed). Defaults:
 * strategy append, schema policy fail_on_change, no keys. {@code location} is the block's ({@code write:}
 * in connections.yml, or the {@code sink()} call); {@code keyLocations} holds the line of each key
 * written in YAML (call-site kwargs share the call's location).
 */
public record WriteDef(WriteStrategy strategy, List<String> keys, boolean duplicatesAccepted, String onDelete,
        SchemaPolicy schemaPolicy, RetrySpec retry, Map<String, Object> options, SourceLocation location,
        Map<String, SourceLocation> keyLocations) {

    public static final SchemaPolicy DEFAULT_SCHEMA_POLICY = SchemaPolicy.FAIL_ON_CHANGE;

    public WriteDef {
        keys = List.copyOf(keys);
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        keyLocations = Map.copyOf(keyLocations);
    }

    public static WriteDef defaults(SourceLocation location) {
        return new WriteDef(WriteStrategy.APPEND, List.of(), false, null, DEFAULT_SCHEMA_POLICY, null, Map.of(),
                location, Map.of());
    }

    /** Where {@code key} was written: its own line when known, else the block's location. */
    public SourceLocation locationOf(String key) {
        return keyLocations.getOrDefault(key, location);
    }
}
