package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteDataset;
import dev.pz.connectors.files.remote.RemoteSource;
import java.nio.file.Path;

/**
 * The read side of one azureblob connection. The scan names the blobs with {@code az://} (or
 * {@code abfss://}) URLs; at run time they are listed (a single blob, a glob, or a bounded window's
 * cover of a calendar template), downloaded in parallel into the run's spool, and read by DuckDB's own
 * reader; the universal tier reads the same blobs {@code files_per_partition} at a time.
 */
final class AzureSource extends RemoteSource {

    private final AzureSettings settings;

    AzureSource(AzureSettings settings, Path spoolRoot) {
        super(spoolRoot, true);
        this.settings = settings;
    }

    @Override
    protected AzureStores stores(DatasetSpec spec) {
        return new AzureStores(settings, AzureLocations.scheme(spec));
    }

    /**
     * @throws dev.pz.connectors.api.error.PzConnectorException PZ0361/PZ0362 for format errors, PZ0365
     *     for a {@code ..} in path, a missing container or path, an unknown scheme
     */
    @Override
    protected RemoteDataset dataset(DatasetSpec spec) {
        AzureLocations.scheme(spec);
        FormatOptions options = FormatOptions.of(spec, AzureOptions.READ_FORMAT);
        ObjectLocation location = AzureLocations.read(settings.connection(), spec);
        return RemoteDataset.of(AzureStores.KIND, spec, options, location.container(), location.key());
    }
}
