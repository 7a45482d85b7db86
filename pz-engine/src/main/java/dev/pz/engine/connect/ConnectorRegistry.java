package dev.pz.engine.connect;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ConnectorFactory;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.model.ConnectionDef;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The connectors this pz knows, by logical name. Builtins are found through {@link ServiceLoader};
 * the engine names no concrete connector.
 */
public final class ConnectorRegistry {
    private final Map<String, Connector> connectors;
    private final Map<String, ConnectorLock.LockedPackage> packages;

    private ConnectorRegistry(Map<String, Connector> connectors) {
        this(connectors, Map.of());
    }

    private ConnectorRegistry(Map<String, Connector> connectors, Map<String, ConnectorLock.LockedPackage> packages) {
        this.connectors = Collections.unmodifiableMap(new TreeMap<>(connectors));
        this.packages = Map.copyOf(packages);
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

    /**
     * These connectors plus those of connector packages, each name mapped to the package that registered it.
     *
     * @throws dev.pz.connectors.api.error.PzException PZ0305 when a package registers a name already taken: the
     *     connector it claims to be is not the one installed under that name
     */
    public ConnectorRegistry withPackages(Map<ConnectorLock.LockedPackage, Map<String, Connector>> loaded) {
        Map<String, Connector> all = new LinkedHashMap<>(connectors);
        Map<String, ConnectorLock.LockedPackage> origins = new LinkedHashMap<>(packages);
        loaded.forEach((locked, byName) -> byName.forEach((name, connector) -> {
            if (all.putIfAbsent(name, connector) != null) {
                String owner = origins.containsKey(name) ? "package '" + origins.get(name).packageId() + "'"
                        : "pz itself";
                throw new PzException(PzError.of(
                        PzCode.CONNECTOR_NOT_INSTALLED, "connector package '"
                                + locked.packageId() + "' registers the connector '" + name + "', which " + owner
                                + " already provides").withHint("declare only one package for each connector name"));
            }
            origins.put(name, locked);
        }));
        return new ConnectorRegistry(all, origins);
    }

    /** The package a connector came from, or empty for one built into pz. */
    public Optional<ConnectorLock.LockedPackage> origin(String name) {
        return Optional.ofNullable(packages.get(name));
    }

    /** The names of the connectors built into pz. */
    public Set<String> builtinNames() {
        Set<String> names = new TreeSet<>(connectors.keySet());
        names.removeAll(packages.keySet());
        return names;
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
