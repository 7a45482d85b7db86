package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: localfiles} with pz through {@link java.util.ServiceLoader}. */
public final class LocalFilesConnectorFactory implements ConnectorFactory {

    public static final String NAME = "localfiles";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new LocalFilesConnector();
    }
}
