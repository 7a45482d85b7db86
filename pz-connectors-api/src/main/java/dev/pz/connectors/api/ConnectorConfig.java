package dev.pz.connectors.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One connection's flat configuration: the keys written under the connection in connections.yml,
 * after {@code ${VAR}} interpolation, minus pz's reserved keys. The host adds {@code base_dir}
 * (the project directory) for file connectors. Values are plain YAML shapes: String, Long, Double,
 * Boolean, List, Map.
 */
public record ConnectorConfig(String connection, Map<String, Object> values) {

    public static final String BASE_DIR = "base_dir";

    public ConnectorConfig {
        Objects.requireNonNull(connection, "connection");
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public Optional<String> string(String key) {
        Object value = values.get(key);
        return value == null ? Optional.empty() : Optional.of(String.valueOf(value));
    }
}
