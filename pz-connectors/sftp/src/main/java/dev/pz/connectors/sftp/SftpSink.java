package dev.pz.connectors.sftp;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteSink;

/**
 * Writes one file per output (or per calendar bucket of a {@code partition_by}) to an SFTP server on
 * the universal tier: DuckDB writes it locally, then it is uploaded under a temporary name and renamed
 * onto {@code <path>/<output>.<ext>} (replace) or a new {@code <path>/<output>-<guid32>.<ext>} (append).
 */
final class SftpSink extends RemoteSink {

    private final SftpStores stores;

    SftpSink(SftpSettings settings) {
        super(SftpConnectorFactory.NAME, SftpOptions.WRITE_FORMAT, false);
        this.stores = new SftpStores(settings);
    }

    /** The output's directory (or folder template), joined to root; default the output's name. */
    @Override
    protected ObjectLocation location(OutputSpec spec) {
        return new ObjectLocation("", stores.settings().resolve(spec.find(SftpOptions.WRITE_PATH)
                .orElse(spec.entity())));
    }

    @Override
    protected SftpStores stores(OutputSpec spec) {
        return stores;
    }
}
