package dev.pz.connectors.sftp;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.remote.FileOptions;
import dev.pz.connectors.remote.FormatSettings;
import dev.pz.connectors.remote.RemoteFiles;
import dev.pz.connectors.remote.RemoteRead;
import dev.pz.connectors.remote.RemoteSource;
import java.nio.file.Path;

/**
 * Reads files from an SFTP server on the universal tier: the files a path or glob names are
 * downloaded into a local spool and read by DuckDB, {@code files_per_partition} files per partition,
 * each partition on its own SSH connection. A csv without a {@code columns:} contract lands every
 * column as text.
 */
final class SftpSource extends RemoteSource {

    private final SftpStores stores;
    private final Path spoolRoot;

    SftpSource(SftpSettings settings, Path spoolRoot) {
        this.stores = new SftpStores(settings);
        this.spoolRoot = spoolRoot;
    }

    @Override
    protected RemoteRead read(DatasetSpec spec) {
        FormatSettings format = FileOptions.settings(spec, SftpOptions.READ_FORMAT);
        String path = spec.find(SftpOptions.READ_PATH).orElse(spec.entity() + "." + format.format().extension());
        return new RemoteRead(stores, new RemoteFiles("", stores.settings().resolve(path)), format,
                spec.contract().orElse(null), true, spec.watermark(), spec.context(), spoolRoot);
    }

    @Override
    protected int filesPerPartition(DatasetSpec spec) {
        return spec.get(SftpOptions.FILES_PER_PARTITION);
    }
}
