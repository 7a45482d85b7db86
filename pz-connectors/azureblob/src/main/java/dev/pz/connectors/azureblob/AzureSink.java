package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.paths.PartitionColumns;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteWrite;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side of one azureblob connection. Native: DuckDB's COPY writes a temporary in the run's
 * spool and the connector uploads it as a block blob ({@code <container>/<path>/<output>.<ext>} for
 * replace, {@code …/<output>-<guid32>.<ext>} for append; committing the block list publishes it
 * whole). Universal (a {@code partition_by} fan-out, or {@code engine.force_universal}): batches spool
 * locally, DuckDB writes one file per calendar bucket, and each goes up to the folder its path renders.
 */
final class AzureSink implements Sink {

    private final AzureSettings settings;

    AzureSink(AzureSettings settings) {
        this.settings = settings;
    }

    /**
     * Empty for a {@code partition_by} output, which fans out on the universal tier.
     *
     * @throws PzConnectorException the refusals of {@link #checkUniversalWrite}; PZ0365 for a {@code ..}
     */
    @Override
    public Optional<NativeCopy> nativeCopy(OutputSpec spec) {
        Write write = write(spec);
        if (write.partitionColumn() != null) {
            return Optional.empty();
        }
        return Optional.of(RemoteWrite.copy(write.stores(), spec, write.options(), write.location().container(),
                write.location().key()));
    }

    /**
     * @throws PzConnectorException PZ0324 for merge, PZ0314 for partition_by without calendar tokens in
     *     path, PZ0361 for a missing or unsupported format
     */
    @Override
    public void checkUniversalWrite(OutputSpec spec) {
        write(spec);
    }

    @Override
    public WriteSession beginWrite(OutputSpec spec, Schema schema) {
        Write write = write(spec);
        return RemoteWrite.session(write.stores(), spec, write.options(), write.location().container(),
                write.location().key(), write.partitionColumn(), schema);
    }

    /** A universal write stages its files in the run's spool. */
    @Override
    public Optional<Path> temporaryDirectory(OutputSpec spec) {
        return RemoteWrite.temporaryDirectory(spec);
    }

    private record Write(AzureStores stores, FormatOptions options, ObjectLocation location, String partitionColumn) {
    }

    private Write write(OutputSpec spec) {
        FormatOptions options = FormatOptions.of(spec, AzureOptions.WRITE_FORMAT);
        if (spec.strategy() == WriteStrategy.MERGE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, spec.context()
                    + ": azureblob does not support strategy 'merge' (supported: append, replace)");
        }
        String scheme = AzureLocations.scheme(spec);
        ObjectLocation location = AzureLocations.write(settings.connection(), spec);
        String partitionColumn = PartitionColumns.read(spec.options()).stream().findFirst().orElse(null);
        if (partitionColumn != null && !PathTemplate.hasDateTokens(location.key())) {
            throw new PzConnectorException(PzCode.TEMPLATING_CAPABILITY_MISSING, spec.context()
                    + ": azureblob lays out 'partition_by' outputs only by calendar tokens in path: (it does not"
                    + " declare ColumnPartitionedWrites)", "add {yyyy}/{MM}/{dd} tokens to path:, or remove"
                    + " partition_by");
        }
        return new Write(new AzureStores(settings, scheme), options, location, partitionColumn);
    }

    @Override
    public void close() {
        // Clients are opened per operation.
    }
}
