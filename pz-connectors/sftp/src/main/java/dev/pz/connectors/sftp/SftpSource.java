package dev.pz.connectors.sftp;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.RemoteDataset;
import dev.pz.connectors.files.remote.RemoteSource;
import java.nio.file.Path;

/**
 * Reads files from an SFTP server on the universal tier (DuckDB has no SFTP file system): the files a
 * path, glob or bounded window's cover of a calendar template names are downloaded into a local spool
 * and read by DuckDB, {@code files_per_partition} files per partition, each partition on its own SSH
 * connection. A csv without a {@code columns:} contract lands every column as text.
 */
final class SftpSource extends RemoteSource {

    private final SftpStores stores;

    SftpSource(SftpSettings settings, Path spoolRoot) {
        super(spoolRoot, false);
        this.stores = new SftpStores(settings);
    }

    @Override
    protected SftpStores stores(DatasetSpec spec) {
        return stores;
    }

    @Override
    protected RemoteDataset dataset(DatasetSpec spec) {
        FormatOptions options = FormatOptions.of(spec, SftpOptions.READ_FORMAT);
        String path = spec.find(SftpOptions.READ_PATH).orElse(spec.entity() + "." + options.format().fileExtension());
        return RemoteDataset.of(SftpConnectorFactory.NAME, spec, options, "", stores.settings().resolve(path))
                .bindingByName();
    }
}
