package dev.pz.engine.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One connection of connections.yml. {@code config} holds the flat connector options after
 * {@code ${VAR}} interpolation (pz's reserved keys removed); entities keep file order;
 * {@code configLines} holds the line of each option key, where known.
 */
public record ConnectionDef(String name, String connector, Map<String, Object> config,
        Map<String, EntityDef> entities, Integer maxConcurrency, RetrySpec retry, RateLimitSpec rateLimit,
        boolean allowUnsignedExtensions, SourceLocation location, Map<String, Integer> configLines) {

    public ConnectionDef {
        config = Collections.unmodifiableMap(new LinkedHashMap<>(config));
        entities = Collections.unmodifiableMap(new LinkedHashMap<>(entities));
        configLines = Map.copyOf(configLines);
    }

    /** Where the connection's option {@code key} was written: its own line, else the connection's. */
    public SourceLocation locate(String key) {
        SourceLocation at = location != null ? location : SourceLocation.file("connections.yml");
        Integer line = configLines.get(key);
        return line == null || line <= 0 ? at : new SourceLocation(at.file(), line);
    }

    /** {@code rate_limit:} at connection level. */
    public record RateLimitSpec(int requestsPerMinute, Integer burst) {
    }
}
