package dev.pz.engine.connect;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ConnectorFactory;
import dev.pz.engine.model.ConnectionDef;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The connectors this pz knows, by logical name. Builtins are found through {@link ServiceLoader};
 * the engine names no concrete connector.
 */
public final class ConnectorRegistry {
    private final Map<String, Connector> connectors;

    private ConnectorRegistry(Map<String, Connector> connectors) {
        this.connectors = Collections.unmodifiableMap(new TreeMap<>(connectors));
    }

    /** Every connector on the class path. Two factories with one name is a packaging bug. */
    public static ConnectorRegistry installed() {
        Map<String, Connector> found = new LinkedHashMap<>();
        for (ConnectorFactory factory : ServiceLoader.load(ConnectorFactory.class)) {
            if (found.putIfAbsent(factory.name(), factory.create()) != null) {
                throw new IllegalStateException("two connectors are registered as '" + factory.name() + "'");
            }
        }
        return new ConnectorRegistry(found);
    }

    public static ConnectorRegistry of(Collection<Connector> connectors) {
        Map<String, Connector> byName = new LinkedHashMap<>();
        connectors.forEach(connector -> byName.put(connector.name(), connector));
        return new ConnectorRegistry(byName);
    }

    public Optional<Connector> find(String name) {
        return Optional.ofNullable(connectors.get(name));
    }

    /** All connectors, sorted by name. */
    public Collection<Connector> all() {
        return connectors.values();
    }

    /** A connection's flat configuration with the project directory injected as {@code base_dir}. */
    public static ConnectorConfig configFor(ConnectionDef connection, Path projectDirectory) {
        Map<String, Object> values = new LinkedHashMap<>(connection.config());
        values.put(ConnectorConfig.BASE_DIR, projectDirectory.toAbsolutePath().normalize().toString());
        return new ConnectorConfig(connection.name(), values);
    }
}
