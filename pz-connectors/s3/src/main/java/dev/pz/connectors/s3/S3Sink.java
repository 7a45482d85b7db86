package dev.pz.connectors.s3;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.paths.PartitionColumns;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteWrite;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side of one s3 connection. DuckDB's COPY writes a temporary in the run's spool (from the
 * staged relation, or on the universal tier from spooled batches) and the connector uploads it to
 * {@code <bucket>/<prefix>/<path>/<output>.<ext>} (replace) or {@code …/<output>-<guid32>.<ext>}
 * (append); the upload's completion publishes the object whole.
 */
final class S3Sink implements Sink {

    private final S3Stores stores;

    S3Sink(S3Stores stores) {
        this.stores = stores;
    }

    /**
     * @throws PzConnectorException PZ0324 for merge, PZ0314 for partition_by, PZ0361 for a missing or
     *     unsupported format, PZ0365 for a {@code ..} in path
     */
    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        FormatOptions options = checkedOptions(spec);
        ObjectLocation location = S3Locations.write(stores.settings(), spec);
        return Optional.of(RemoteWrite.copy(stores, spec, options, location.container(), location.key()));
    }

    /** The universal tier writes what the native one does, from spooled batches (engine.force_universal). */
    @Override
    public void checkUniversalWrite(OutputSpec spec) {
        checkedOptions(spec);
        S3Locations.write(stores.settings(), spec);
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        FormatOptions options = checkedOptions(spec);
        ObjectLocation location = S3Locations.write(stores.settings(), spec);
        return RemoteWrite.session(stores, spec, options, location.container(), location.key(), null, schema);
    }

    /** A universal write stages its files in the run's spool. */
    @Override
    public Optional<Path> temporaryDirectory(OutputSpec spec) {
        return RemoteWrite.temporaryDirectory(spec);
    }

    private static FormatOptions checkedOptions(OutputSpec spec) {
        FormatOptions options = FormatOptions.of(spec, S3Options.WRITE_FORMAT);
        if (spec.strategy() == WriteStrategy.MERGE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context()
                    + ": s3 does not support strategy 'merge' (supported: append, replace)");
        }
        partitionByProblem(spec).ifPresent(problem -> {
            throw new PzConnectorException(problem.code(), spec.context() + ": " + problem.message(), problem.hint());
        });
        return options;
    }

    /** PZ0314 for {@code partition_by}: s3 writes each output with one COPY and upload, never a fan-out. */
    static Optional<OptionProblem> partitionByProblem(OutputSpec spec) {
        if (PartitionColumns.read(spec.options()).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new OptionProblem(OptionSet.PARTITION_BY, OptionProblem.Kind.INVALID,
                PzCode.TEMPLATING_CAPABILITY_MISSING, "s3 writes each output with one native COPY and cannot fan"
                        + " partition_by out into folders", "remove partition_by, or write the output to azureblob"
                        + " or localfiles"));
    }

    @Override
    public void close() {
        // Clients are opened per operation.
    }
}
