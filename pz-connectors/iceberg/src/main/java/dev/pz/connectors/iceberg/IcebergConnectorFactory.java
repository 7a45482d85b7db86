package dev.pz.connectors.iceberg;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: iceberg} with pz through {@link java.util.ServiceLoader}. */
public final class IcebergConnectorFactory implements ConnectorFactory {

    public static final String NAME = "iceberg";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new IcebergConnector();
    }
}
