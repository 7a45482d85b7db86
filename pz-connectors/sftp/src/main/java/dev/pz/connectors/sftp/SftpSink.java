package dev.pz.connectors.sftp;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.remote.FileOptions;
import dev.pz.connectors.remote.FormatSettings;
import dev.pz.connectors.remote.OutputName;
import dev.pz.connectors.remote.RemoteUpload;
import dev.pz.connectors.remote.SpooledWriteSession;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes one file per output to an SFTP server on the universal tier: DuckDB writes it locally,
 * then it is uploaded under a temporary name and renamed onto {@code <path>/<output>.<ext>}
 * (replace) or a new {@code <path>/<output>-<guid32>.<ext>} (append).
 */
final class SftpSink implements Sink {

    private final SftpStores stores;
    private final Path temporaryDirectory;

    SftpSink(SftpSettings settings, Path spoolRoot) {
        this.stores = new SftpStores(settings);
        this.temporaryDirectory = spoolRoot.resolve(TemporaryFiles.DIRECTORY);
    }

    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        return Optional.empty();
    }

    @Override
    public void checkUniversalWrite(OutputSpec spec) {
        if (spec.strategy() != WriteStrategy.APPEND && spec.strategy() != WriteStrategy.REPLACE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context() + ": sftp writes files with"
                    + " strategy append or replace, not " + spec.strategy().word(), "use append or replace");
        }
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        checkUniversalWrite(spec);
        FormatSettings format = FileOptions.settings(spec, SftpOptions.WRITE_FORMAT);
        String directory = stores.settings().resolve(spec.find(SftpOptions.WRITE_PATH).orElse(spec.entity()));
        String key = (directory.endsWith("/") ? directory : directory + "/") + OutputName.of(spec, format.format());
        return new SpooledWriteSession(spec.context(), temporaryDirectory, schema, format,
                new RemoteUpload(stores, "", key));
    }

    @Override
    public Optional<Path> temporaryDirectory(OutputSpec spec) {
        return Optional.of(temporaryDirectory);
    }

    @Override
    public void close() {
    }
}
