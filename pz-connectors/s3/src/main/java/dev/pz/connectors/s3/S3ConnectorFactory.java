package dev.pz.connectors.s3;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorFactory;

/** Registers {@code connector: s3}. Loads no AWS SDK class: the SDK loads when a project moves bytes. */
public final class S3ConnectorFactory implements ConnectorFactory {

    public static final String NAME = "s3";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Connector create() {
        return new S3Connector();
    }
}
