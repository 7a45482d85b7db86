package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: azureblob}. Loads no Azure SDK class: the SDK loads when a project moves bytes. */
public final class AzureBlobConnectorFactory implements ConnectorFactory {

    public static final String NAME = "azureblob";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new AzureBlobConnector();
    }
}
