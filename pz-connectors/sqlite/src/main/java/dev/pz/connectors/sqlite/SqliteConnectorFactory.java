package dev.pz.connectors.sqlite;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: sqlite} with pz through {@link java.util.ServiceLoader}. */
public final class SqliteConnectorFactory implements ConnectorFactory {

    public static final String NAME = "sqlite";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new SqliteConnector();
    }
}
