package dev.pz.connectors.api;

/**
 * Entry point of a connector, found through {@link java.util.ServiceLoader}. A factory is thin: a
 * logical name (the value of {@code connector:} in connections.yml) and the connector it builds.
 */
public interface ConnectorFactory {

    /** The name users write as {@code connector: <name>}; unique among installed connectors. */
    String name();

    /** Builds the connector. Called once per pz invocation; must not touch the network or disk. */
    Connector create();
}
