package dev.pz.connectors.ducklake;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: ducklake} with pz through {@link java.util.ServiceLoader}. */
public final class DuckLakeConnectorFactory implements ConnectorFactory {

    public static final String NAME = "ducklake";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new DuckLakeConnector();
    }
}
