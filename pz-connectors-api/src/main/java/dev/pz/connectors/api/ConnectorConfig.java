package dev.pz.connectors.api;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One connection's flat configuration: the keys written under the connection in connections.yml,
 * after {@code ${VAR}} interpolation, minus pz's reserved keys. The host adds {@code base_dir}
 * (the project directory). Values are plain YAML shapes: String, Long, Double, Boolean, List, Map;
 * read them through their declarations with {@link #get}.
 */
public record ConnectorConfig(String connection, Map<String, Object> options) implements OptionValues {

    /** The key under which the host passes the project directory (absolute). */
    public static final String BASE_DIR = "base_dir";

    public ConnectorConfig {
        Objects.requireNonNull(connection, "connection");
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    @Override
    public String context() {
        return "connection '" + connection + "'";
    }

    /** The project directory the host passed, when it passed one. */
    public Optional<Path> baseDirectory() {
        Object value = options.get(BASE_DIR);
        return value instanceof String text && !text.isBlank() ? Optional.of(Path.of(text)) : Optional.empty();
    }
}
