package dev.pz.engine.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One connection of connections.yml. {@code config} holds the flat connector options after
 * {@code ${VAR}} interpolation (pz's reserved keys removed); entities keep file order; {@code keyLocations}
 * holds the line of each connection-level key.
 */
public record ConnectionDef(String name, String connector, Map<String, Object> config,
        Map<String, EntityDef> entities, Integer maxConcurrency, RetrySpec retry, RateLimitSpec rateLimit,
        boolean allowUnsignedExtensions, SourceLocation location, Map<String, SourceLocation> keyLocations) {

    public ConnectionDef {
        config = Collections.unmodifiableMap(new LinkedHashMap<>(config));
        entities = Collections.unmodifiableMap(new LinkedHashMap<>(entities));
        keyLocations = Map.copyOf(keyLocations);
    }

    /** Where connection-level {@code key} was written: its own line when known, else the connection's. */
    public SourceLocation locationOf(String key) {
        return keyLocations.getOrDefault(key, location != null ? location : SourceLocation.file("connections.yml"));
    }

    /** {@code rate_limit:} at connection level. */
    public record RateLimitSpec(int requestsPerMinute, Integer burst) {
    }
}
