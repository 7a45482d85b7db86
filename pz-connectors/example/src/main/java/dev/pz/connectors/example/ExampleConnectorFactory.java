package dev.pz.connectors.example;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: example}, found through {@link java.util.ServiceLoader}. */
public final class ExampleConnectorFactory implements ConnectorFactory {

    public static final String NAME = "example";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new ExampleConnector();
    }
}
