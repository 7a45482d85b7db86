package dev.pz.connectors.gcs;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteDataset;
import dev.pz.connectors.files.remote.RemoteSource;
import java.nio.file.Path;

/**
 * The read side of one gcs connection. The scan names the objects with {@code gs://} URLs; at run time
 * they are listed (a single key, a glob, or a bounded window's cover of a calendar template),
 * downloaded into the run's spool, and read by DuckDB's own reader; the universal tier reads the same
 * objects {@code files_per_partition} at a time.
 */
final class GcsSource extends RemoteSource {

    private final GcsStores stores;

    GcsSource(GcsStores stores, Path spoolRoot) {
        super(spoolRoot, true);
        this.stores = stores;
    }

    @Override
    protected GcsStores stores(DatasetSpec spec) {
        return stores;
    }

    @Override
    protected RemoteDataset dataset(DatasetSpec spec) {
        FormatOptions options = FormatOptions.of(spec, GcsOptions.READ_FORMAT);
        String path = spec.find(GcsOptions.READ_PATH).filter(written -> !written.isBlank())
                .orElse(spec.entity() + "." + options.format().fileExtension());
        ObjectLocation location = GcsLocation.of(stores.settings(), spec.connection(), spec, path);
        return RemoteDataset.of(GcsConnectorFactory.NAME, spec, options, location.container(), location.key());
    }
}
