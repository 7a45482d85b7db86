package dev.pz.connectors.gcs;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.remote.FileOptions;
import dev.pz.connectors.remote.FormatSettings;
import dev.pz.connectors.remote.RemoteFiles;
import dev.pz.connectors.remote.RemoteRead;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads objects on the universal tier: the objects a key or glob names are downloaded into a local
 * spool and read by DuckDB with the same readers and contract rules as a local file.
 */
final class GcsSource implements Source {

    private final GcsStores stores;
    private final Path spoolRoot;

    GcsSource(GcsStores stores, Path spoolRoot) {
        this.stores = stores;
        this.spoolRoot = spoolRoot;
    }

    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        return Optional.empty();
    }

    @Override
    public Schema schema(DatasetSpec spec) {
        return read(spec).schema();
    }

    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        return read(spec).partitions(spec.get(GcsOptions.FILES_PER_PARTITION));
    }

    private RemoteRead read(DatasetSpec spec) {
        FormatSettings format = FileOptions.settings(spec, GcsOptions.READ_FORMAT);
        GcsLocation location = GcsLocation.of(stores.settings(), spec);
        String path = spec.find(GcsOptions.READ_PATH).orElse(spec.entity() + "." + format.format().extension());
        String key = location.key(path, spec.connection(), spec.context());
        return new RemoteRead(stores, new RemoteFiles(location.bucket(), key), format, spec.contract().orElse(null),
                false, spec.watermark(), spec.context(), spoolRoot);
    }

    @Override
    public void close() {
    }
}
