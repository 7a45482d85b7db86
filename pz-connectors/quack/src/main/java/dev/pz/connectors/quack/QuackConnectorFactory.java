package dev.pz.connectors.quack;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: quack} with pz through {@link java.util.ServiceLoader}. */
public final class QuackConnectorFactory implements ConnectorFactory {

    public static final String NAME = "quack";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new QuackConnector();
    }
}
