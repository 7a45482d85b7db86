package dev.pz.connectors.duckdb;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: duckdb} with pz through {@link java.util.ServiceLoader}. */
public final class DuckDbConnectorFactory implements ConnectorFactory {

    public static final String NAME = "duckdb";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new DuckDbConnector();
    }
}
