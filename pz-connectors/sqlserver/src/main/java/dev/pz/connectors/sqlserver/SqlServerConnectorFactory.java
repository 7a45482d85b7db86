package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: sqlserver} with pz through {@link java.util.ServiceLoader}. */
public final class SqlServerConnectorFactory implements ConnectorFactory {

    public static final String NAME = "sqlserver";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new SqlServerConnector();
    }
}
