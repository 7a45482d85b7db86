package dev.pz.connectors.sftp;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: sftp} with pz through {@link java.util.ServiceLoader}. */
public final class SftpConnectorFactory implements ConnectorFactory {

    public static final String NAME = "sftp";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new SftpConnector();
    }
}
