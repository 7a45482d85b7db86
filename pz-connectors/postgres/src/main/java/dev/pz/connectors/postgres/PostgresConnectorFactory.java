package dev.pz.connectors.postgres;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: postgres} with pz through {@link java.util.ServiceLoader}. */
public final class PostgresConnectorFactory implements ConnectorFactory {

    public static final String NAME = "postgres";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new PostgresConnector();
    }
}
