package dev.pz.connectors.gcs;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.remote.FileOptions;
import dev.pz.connectors.remote.FormatSettings;
import dev.pz.connectors.remote.OutputName;
import dev.pz.connectors.remote.RemoteSink;
import dev.pz.connectors.remote.RemoteUpload;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Writes one object per output: natively, the run's DuckDB COPYs into a local temporary and the
 * publisher uploads it; on the universal tier the batches are spooled and a private DuckDB writes the
 * same file. Replace overwrites {@code <prefix>/<output>.<ext>}; append adds
 * {@code <prefix>/<output>-<guid32>.<ext>}.
 */
final class GcsSink extends RemoteSink {

    private final GcsStores stores;

    GcsSink(GcsStores stores, Path spoolRoot) {
        super(GcsConnectorFactory.NAME, spoolRoot);
        this.stores = stores;
    }

    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        checkUniversalWrite(spec);
        FormatSettings format = format(spec);
        return Optional.of(new NativeCopy(format.copyOptions(), List.of(), "COPY TO gcs " + format.format().word(),
                null, upload(spec, format)));
    }

    @Override
    protected FormatSettings format(OutputSpec spec) {
        return FileOptions.settings(spec, GcsOptions.WRITE_FORMAT);
    }

    @Override
    protected RemoteUpload upload(OutputSpec spec, FormatSettings format) {
        GcsLocation location = GcsLocation.of(stores.settings(), spec);
        String prefix = location.key(spec.get(GcsOptions.WRITE_PATH), spec.connection(), spec.context());
        return new RemoteUpload(stores, location.bucket(), GcsLocation.join(prefix,
                OutputName.of(spec, format.format())));
    }
}
