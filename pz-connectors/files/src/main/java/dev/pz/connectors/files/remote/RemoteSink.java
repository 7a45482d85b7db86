package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.paths.PartitionColumns;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side of a remote store connector (s3, azureblob, gcs, sftp): a connector says where an
 * output's objects go ({@link #location}); every write then takes the one flow of {@link RemoteWrite}.
 * Strategies append and replace (no file sink merges: PZ0324). A {@code partition_by} output fans out
 * into one object per calendar bucket, laid out by the calendar tokens of its path (without tokens
 * PZ0314), on the universal tier; so does every write of a store without a native tier.
 */
public abstract class RemoteSink implements Sink {

    private final String connector;
    private final Option<FileFormat> formatOption;
    private final boolean nativeTier;

    /** @param connector the connector's name, for messages */
    protected RemoteSink(String connector, Option<FileFormat> formatOption, boolean nativeTier) {
        this.connector = connector;
        this.formatOption = formatOption;
        this.nativeTier = nativeTier;
    }

    /**
     * The container and the key prefix (or, for {@code partition_by}, the folder template) of the output.
     *
     * @throws PzConnectorException PZ0365 for a {@code ..} segment, or a missing bucket or container
     */
    protected abstract ObjectLocation location(OutputSpec spec);

    /** The store the output's objects go to. */
    protected abstract ObjectStores stores(OutputSpec spec);

    /** Empty for a {@code partition_by} output and on a store without a native tier. */
    @Override
    public final Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        Output output = output(spec);
        if (!nativeTier || output.partitionColumn() != null) {
            return Optional.empty();
        }
        return Optional.of(RemoteWrite.copy(stores(spec), spec, output.options(), output.location().container(),
                output.location().key()));
    }

    /**
     * @throws PzConnectorException PZ0324 for merge, PZ0314 for partition_by without calendar tokens in
     *     path, PZ0361 for a missing or unsupported format
     */
    @Override
    public final void checkUniversalWrite(OutputSpec spec) {
        output(spec);
    }

    @Override
    public final WriteSession beginWrite(OutputSpec spec, Schema schema) {
        Output output = output(spec);
        return RemoteWrite.session(stores(spec), spec, output.options(), output.location().container(),
                output.location().key(), output.partitionColumn(), schema);
    }

    /** A universal write stages its files in the run's spool. */
    @Override
    public final Optional<Path> temporaryDirectory(OutputSpec spec) {
        return RemoteWrite.temporaryDirectory(spec);
    }

    private record Output(FormatOptions options, ObjectLocation location, String partitionColumn) {
    }

    private Output output(OutputSpec spec) {
        FormatOptions options = FormatOptions.of(spec, formatOption);
        if (spec.strategy() == WriteStrategy.MERGE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context() + ": " + connector
                    + " does not support strategy 'merge' (supported: append, replace)", "use append or replace");
        }
        ObjectLocation location = location(spec);
        String partitionColumn = PartitionColumns.read(spec.options()).stream().findFirst().orElse(null);
        if (partitionColumn != null && !PathTemplate.hasDateTokens(location.key())) {
            throw new PzConnectorException(PzCode.TEMPLATING_CAPABILITY_MISSING, spec.context() + ": "
                    + connector + " lays out 'partition_by' outputs only by calendar tokens in path: (it does not"
                    + " declare ColumnPartitionedWrites)", "add {yyyy}/{MM}/{dd} tokens to path:, or remove"
                    + " partition_by");
        }
        return new Output(options, location, partitionColumn);
    }

    @Override
    public void close() {
        // Clients are opened per operation.
    }
}
