package dev.pz.connectors.gcs;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: gcs} with pz through {@link java.util.ServiceLoader}. */
public final class GcsConnectorFactory implements ConnectorFactory {

    public static final String NAME = "gcs";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new GcsConnector();
    }
}
