package dev.pz.connectors.mysql;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: mysql} with pz through {@link java.util.ServiceLoader}. */
public final class MysqlConnectorFactory implements ConnectorFactory {

    public static final String NAME = "mysql";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new MysqlConnector();
    }
}
