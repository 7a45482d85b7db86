package dev.pz.connectors.sftp;

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
 * Reads files from an SFTP server on the universal tier: the files a path or glob names are
 * downloaded into a local spool and read by DuckDB, {@code files_per_partition} files per partition,
 * each partition on its own SSH connection. A csv without a {@code columns:} contract lands every
 * column as text.
 */
final class SftpSource implements Source {

    private final SftpStores stores;
    private final Path spoolRoot;

    SftpSource(SftpSettings settings, Path spoolRoot) {
        this.stores = new SftpStores(settings);
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
        return read(spec).partitions(spec.get(SftpOptions.FILES_PER_PARTITION));
    }

    private RemoteRead read(DatasetSpec spec) {
        FormatSettings format = FileOptions.settings(spec, SftpOptions.READ_FORMAT);
        String path = spec.find(SftpOptions.READ_PATH).orElse(spec.entity() + "." + format.format().extension());
        return new RemoteRead(stores, new RemoteFiles("", stores.settings().resolve(path)), format,
                spec.contract().orElse(null), true, spec.watermark(), spec.context(), spoolRoot);
    }

    @Override
    public void close() {
    }
}
