package dev.pz.connectors.sftp;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.remote.FileOptions;
import dev.pz.connectors.remote.FormatSettings;
import dev.pz.connectors.remote.OutputName;
import dev.pz.connectors.remote.RemoteSink;
import dev.pz.connectors.remote.RemoteUpload;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Writes one file per output to an SFTP server on the universal tier: DuckDB writes it locally,
 * then it is uploaded under a temporary name and renamed onto {@code <path>/<output>.<ext>}
 * (replace) or a new {@code <path>/<output>-<guid32>.<ext>} (append).
 */
final class SftpSink extends RemoteSink {

    private final SftpStores stores;

    SftpSink(SftpSettings settings, Path spoolRoot) {
        super(SftpConnectorFactory.NAME, spoolRoot);
        this.stores = new SftpStores(settings);
    }

    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        return Optional.empty();
    }

    @Override
    protected FormatSettings format(OutputSpec spec) {
        return FileOptions.settings(spec, SftpOptions.WRITE_FORMAT);
    }

    @Override
    protected RemoteUpload upload(OutputSpec spec, FormatSettings format) {
        String directory = stores.settings().resolve(spec.find(SftpOptions.WRITE_PATH).orElse(spec.entity()));
        String key = (directory.endsWith("/") ? directory : directory + "/") + OutputName.of(spec, format.format());
        return new RemoteUpload(stores, "", key);
    }
}
