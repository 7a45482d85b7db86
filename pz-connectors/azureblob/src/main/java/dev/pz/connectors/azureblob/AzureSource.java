package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.ObjectLocation;
import dev.pz.connectors.files.remote.RemoteDataset;
import dev.pz.connectors.files.remote.RemoteRead;
import dev.pz.connectors.files.remote.SchemaPeek;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side of one azureblob connection: native only. The scan names the blobs with
 * {@code az://} (or {@code abfss://}) URLs; at run time they are listed (a single blob, a glob, or a
 * bounded window's cover of a calendar template), downloaded in parallel into the run's spool, and read
 * by DuckDB's own reader.
 */
final class AzureSource implements Source {

    private final AzureSettings settings;

    AzureSource(AzureSettings settings) {
        this.settings = settings;
    }

    /**
     * @throws PzConnectorException PZ0361/PZ0362 for format errors, PZ0365 for a {@code ..} in path, a
     *     missing container or path, an unknown scheme
     */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        Read read = read(spec);
        return Optional.of(RemoteRead.scan(read.stores(), read.dataset(), spec.watermark()));
    }

    /** The first matching blob's schema, read the way the native tier reads it (touches the store). */
    @Override
    public Schema schema(DatasetSpec spec) {
        Read read = read(spec);
        return SchemaPeek.schema(read.stores(), read.dataset());
    }

    /** azureblob declares NativeOnlyRead: there is no universal read to plan. */
    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        throw new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, spec.context() + ": azure reads are native-scan"
                + " only; they cannot run on the universal tier", "remove engine.force_universal / files_per_partition");
    }

    private record Read(AzureStores stores, RemoteDataset dataset) {
    }

    private Read read(DatasetSpec spec) {
        String scheme = AzureLocations.scheme(spec);
        FormatOptions options = FormatOptions.of(spec, AzureOptions.READ_FORMAT);
        ObjectLocation location = AzureLocations.read(settings.connection(), spec);
        return new Read(new AzureStores(settings, scheme), RemoteDataset.of(AzureStores.KIND, spec,
                options, location.container(), location.key()));
    }

    @Override
    public void close() {
        // Clients are opened per operation.
    }
}
