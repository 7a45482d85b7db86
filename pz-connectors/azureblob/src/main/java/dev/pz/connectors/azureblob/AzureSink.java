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
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteWrite;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write side of one azureblob connection. Native: DuckDB's COPY writes the run's spool file and
 * the connector uploads it as a block blob ({@code <container>/<path>/<output>.<ext>} for replace,
 * {@code …/<output>-<guid32>.<ext>} for append; committing the block list publishes it whole).
 * Universal (a {@code partition_by} fan-out, or {@code engine.force_universal}): batches spool locally,
 * DuckDB writes one file per calendar bucket, and each goes up to the folder its path renders.
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
     *     path, PZ0361 for a missing, unknown or unwritable format (xlsx is written by localfiles only)
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

    private record Write(AzureStores stores, FormatOptions options, ObjectLocation location, String partitionColumn) {
    }

    private Write write(OutputSpec spec) {
        String context = context(spec);
        if (spec.strategy() == WriteStrategy.MERGE) {
            throw new PzConnectorException(PzCode.WRITE_MODE_UNSUPPORTED, "PZ0324: " + context
                    + ": azureblob does not support strategy 'merge' (supported: append, replace)");
        }
        String scheme = AzureLocations.scheme(spec.options(), context);
        ObjectLocation location = AzureLocations.write(settings.connection(), spec.entity(), spec.options());
        String partitionColumn = PartitionColumns.read(spec.options()).stream().findFirst().orElse(null);
        if (partitionColumn != null && !PathTemplate.hasDateTokens(location.key())) {
            throw new PzConnectorException(PzCode.TEMPLATING_CAPABILITY_MISSING, "PZ0314: " + context
                    + ": azureblob lays out 'partition_by' outputs only by calendar tokens in path: (it does not"
                    + " declare ColumnPartitionedWrites) -- add {yyyy}/{MM}/{dd} tokens to path:, or remove"
                    + " partition_by");
        }
        FormatOptions options = FormatOptions.resolve(spec.options(), null, AzureBlobConnectorFactory.NAME, context);
        if (options.format() == FileFormat.AVRO) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context
                    + ": format 'avro' is read-only on azureblob -- write parquet, csv or json instead");
        }
        if (options.format() == FileFormat.XLSX) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context
                    + ": format 'xlsx' is written by localfiles only -- write parquet, csv or json to azureblob");
        }
        return new Write(new AzureStores(settings, scheme), options, location, partitionColumn);
    }

    private static String context(OutputSpec spec) {
        return "output '" + spec.entity() + "'";
    }

    @Override
    public void close() {
        // Clients are opened per operation.
    }
}
