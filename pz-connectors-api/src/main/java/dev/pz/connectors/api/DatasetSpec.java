package dev.pz.connectors.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One read of one entity: the connection, the entity named as its system names it, the connector
 * read options (pz's own keys removed), the optional typed {@code columns:} contract in declaration
 * order, and the incremental bounds for this run.
 */
public record DatasetSpec(String connection, String entity, Map<String, Object> options,
        Map<String, String> columns, Watermark watermark) {

    public DatasetSpec {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(entity, "entity");
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        columns = columns == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(columns));
    }

    public static DatasetSpec of(String connection, String entity, Map<String, Object> options,
            Map<String, String> columns) {
        return new DatasetSpec(connection, entity, options, columns, null);
    }

    public Optional<Map<String, String>> contract() {
        return Optional.ofNullable(columns);
    }

    public Optional<String> option(String key) {
        Object value = options.get(key);
        return value == null ? Optional.empty() : Optional.of(String.valueOf(value));
    }

    /**
     * Incremental bounds. {@code cursor} is set on every incremental read, even before a
     * watermark exists; {@code lowerValue} is the stored watermark in canonical form (null on the
     * first run); {@code upperBound} is set only for bounded windows.
     */
    public record Watermark(String cursor, String lowerValue, boolean lowerInclusive, String upperBound) {
    }
}
