package dev.pz.connectors.gcs;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.remote.FileOptions;
import dev.pz.connectors.remote.FormatSettings;
import dev.pz.connectors.remote.RemoteFiles;
import dev.pz.connectors.remote.RemoteRead;
import dev.pz.connectors.remote.RemoteSource;
import java.nio.file.Path;

/**
 * Reads objects on the universal tier: the objects a key or glob names are downloaded into a local
 * spool and read by DuckDB with the same readers and contract rules as a local file.
 */
final class GcsSource extends RemoteSource {

    private final GcsStores stores;
    private final Path spoolRoot;

    GcsSource(GcsStores stores, Path spoolRoot) {
        this.stores = stores;
        this.spoolRoot = spoolRoot;
    }

    @Override
    protected RemoteRead read(DatasetSpec spec) {
        FormatSettings format = FileOptions.settings(spec, GcsOptions.READ_FORMAT);
        GcsLocation location = GcsLocation.of(stores.settings(), spec);
        String path = spec.find(GcsOptions.READ_PATH).orElse(spec.entity() + "." + format.format().extension());
        String key = location.key(path, spec.connection(), spec.context());
        return new RemoteRead(stores, new RemoteFiles(location.bucket(), key), format, spec.contract().orElse(null),
                false, spec.watermark(), spec.context(), spoolRoot);
    }

    @Override
    protected int filesPerPartition(DatasetSpec spec) {
        return spec.get(GcsOptions.FILES_PER_PARTITION);
    }
}
