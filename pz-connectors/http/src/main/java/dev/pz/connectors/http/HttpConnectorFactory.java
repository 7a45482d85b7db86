package dev.pz.connectors.http;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: http} with pz through {@link java.util.ServiceLoader}. */
public final class HttpConnectorFactory implements ConnectorFactory {

    public static final String NAME = "http";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new HttpConnector();
    }
}
