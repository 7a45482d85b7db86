package dev.pz.connectors.api;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A connector: the adapter behind every connection that names it. One instance serves all of an
 * invocation's connections; per-connection state lives in the {@link Source} and {@link Sink}
 * objects it opens.
 */
public interface Connector {

    String name();

    /** The connector's own version, shown by {@code pz connectors}. */
    String version();

    Set<ConnectorCapability> capabilities();

    /** Options accepted at connection level in connections.yml (besides pz's reserved keys). */
    OptionSchema connectionOptions();

    /** Options accepted under an entity's {@code read:} block or as {@code source()} kwargs. */
    OptionSchema readOptions();

    /** Options accepted under an entity's {@code write:} block or as {@code sink()} kwargs. */
    OptionSchema writeOptions();

    /**
     * Connection-level keys whose values are secrets. The engine never prints, logs or writes
     * their values; declaring them here is what lets it mask them.
     */
    Set<String> secretKeys();

    /**
     * Offline cross-field validation of one connection's configuration. Returns one message per
     * problem (empty when valid); the engine reports each as PZ0301. Never touches the network.
     */
    List<String> validate(ConnectorConfig config);

    /** The {@code pz validate --connect} probe. May touch the network; bounded by the caller. */
    ConnectionCheck checkConnection(ConnectorConfig config);

    /**
     * Opens the read side for one connection, or empty when this connector cannot read.
     * Opening is cheap and offline: the planner calls it for every dataset it plans.
     */
    Optional<Source> openSource(ConnectorConfig config);

    /** Opens the write side for one connection, or empty when this connector cannot write. */
    Optional<Sink> openSink(ConnectorConfig config);
}
