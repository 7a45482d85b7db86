package dev.pz.connectors.remote;

import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side of a remote file connector: one file per output, with strategy append or replace.
 * A universal write spools in {@code <spool root>/.pz-tmp}, which pz records so that a killed run's
 * leftovers are deleted; a connector says where an output's file is uploaded.
 */
public abstract class RemoteSink implements Sink {

    private final String kind;
    private final Path temporaryDirectory;

    protected RemoteSink(String kind, Path spoolRoot) {
        this.kind = kind;
        this.temporaryDirectory = spoolRoot.resolve(TemporaryFiles.DIRECTORY);
    }

    /** The output's format settings. */
    protected abstract FormatSettings format(OutputSpec spec);

    /** Where the output's finished file goes. */
    protected abstract RemoteUpload upload(OutputSpec spec, FormatSettings format);

    @Override
    public final void checkUniversalWrite(OutputSpec spec) {
        if (spec.strategy() != WriteStrategy.APPEND && spec.strategy() != WriteStrategy.REPLACE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context() + ": " + kind + " writes"
                    + " files with strategy append or replace, not " + spec.strategy().word(), "use append or replace");
        }
    }

    @Override
    public final WriteSession beginWrite(OutputSpec spec, Schema schema) {
        checkUniversalWrite(spec);
        FormatSettings format = format(spec);
        return new SpooledWriteSession(spec.context(), temporaryDirectory, schema, format, upload(spec, format));
    }

    @Override
    public final Optional<Path> temporaryDirectory(OutputSpec spec) {
        return Optional.of(temporaryDirectory);
    }

    @Override
    public void close() {
    }
}
