package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteSink;

/**
 * The write side of one azureblob connection. Native (unpartitioned): DuckDB's COPY writes a temporary
 * in the run's spool and the connector uploads it as a block blob (the block list's commit publishes it
 * whole). Universal (a {@code partition_by} fan-out, or {@code engine.force_universal}): batches spool
 * and DuckDB writes the same files, uploaded per calendar bucket.
 */
final class AzureSink extends RemoteSink {

    private final AzureSettings settings;

    AzureSink(AzureSettings settings) {
        super(AzureBlobConnectorFactory.NAME, AzureOptions.WRITE_FORMAT, true);
        this.settings = settings;
    }

    @Override
    protected ObjectLocation location(OutputSpec spec) {
        AzureLocations.scheme(spec);
        return AzureLocations.write(settings.connection(), spec);
    }

    @Override
    protected AzureStores stores(OutputSpec spec) {
        return new AzureStores(settings, AzureLocations.scheme(spec));
    }
}
