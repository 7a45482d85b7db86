package dev.pz.connectors.motherduck;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: motherduck} with pz through {@link java.util.ServiceLoader}. */
public final class MotherDuckConnectorFactory implements ConnectorFactory {

    public static final String NAME = "motherduck";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new MotherDuckConnector();
    }
}
