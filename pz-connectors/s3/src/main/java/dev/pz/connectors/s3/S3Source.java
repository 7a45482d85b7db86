package dev.pz.connectors.s3;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteDataset;
import dev.pz.connectors.files.remote.RemoteSource;
import java.nio.file.Path;

/**
 * The read side of one s3 connection. The scan names the objects with {@code s3://} URLs; at run time
 * they are listed (a single key, a glob, or a bounded window's cover of a calendar template),
 * downloaded in parallel into the run's spool, and read by DuckDB's own reader; the universal tier
 * reads the same objects {@code files_per_partition} at a time.
 */
final class S3Source extends RemoteSource {

    private final S3Stores stores;

    S3Source(S3Stores stores, Path spoolRoot) {
        super(spoolRoot, true);
        this.stores = stores;
    }

    @Override
    protected S3Stores stores(DatasetSpec spec) {
        return stores;
    }

    /**
     * @throws dev.pz.connectors.api.error.PzConnectorException PZ0361/PZ0362 for format errors, PZ0365
     *     for a {@code ..} in path, a missing bucket
     */
    @Override
    protected RemoteDataset dataset(DatasetSpec spec) {
        FormatOptions options = FormatOptions.of(spec, S3Options.READ_FORMAT);
        ObjectLocation location = S3Locations.read(stores.settings(), spec, options.format().fileExtension());
        return RemoteDataset.of(S3ConnectorFactory.NAME, spec, options, location.container(), location.key());
    }
}
