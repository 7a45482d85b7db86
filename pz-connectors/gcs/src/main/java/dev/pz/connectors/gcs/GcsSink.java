package dev.pz.connectors.gcs;

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
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes one object per output: natively, the run's DuckDB COPYs into a local temporary and the
 * publisher uploads it; on the universal tier the batches are spooled and a private DuckDB writes the
 * same file. Replace overwrites {@code <prefix>/<output>.<ext>}; append adds
 * {@code <prefix>/<output>-<guid32>.<ext>}.
 */
final class GcsSink implements Sink {

    private final GcsStores stores;
    private final Path temporaryDirectory;

    GcsSink(GcsStores stores, Path spoolRoot) {
        this.stores = stores;
        this.temporaryDirectory = spoolRoot.resolve(TemporaryFiles.DIRECTORY);
    }

    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        checkUniversalWrite(spec);
        FormatSettings format = FileOptions.settings(spec, GcsOptions.WRITE_FORMAT);
        return Optional.of(new NativeCopy(format.copyOptions(), List.of(), "COPY TO gcs " + format.format().word(),
                null, upload(spec, format)));
    }

    @Override
    public void checkUniversalWrite(OutputSpec spec) {
        if (spec.strategy() != WriteStrategy.APPEND && spec.strategy() != WriteStrategy.REPLACE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context() + ": gcs writes objects with"
                    + " strategy append or replace, not " + spec.strategy().word(), "use append or replace");
        }
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        checkUniversalWrite(spec);
        FormatSettings format = FileOptions.settings(spec, GcsOptions.WRITE_FORMAT);
        return new SpooledWriteSession(spec.context(), temporaryDirectory, schema, format, upload(spec, format));
    }

    private RemoteUpload upload(OutputSpec spec, FormatSettings format) {
        GcsLocation location = GcsLocation.of(stores.settings(), spec);
        String prefix = location.key(spec.get(GcsOptions.WRITE_PATH), spec.connection(), spec.context());
        return new RemoteUpload(stores, location.bucket(), GcsLocation.join(prefix,
                OutputName.of(spec, format.format())));
    }

    @Override
    public Optional<Path> temporaryDirectory(OutputSpec spec) {
        return Optional.of(temporaryDirectory);
    }

    @Override
    public void close() {
    }
}
