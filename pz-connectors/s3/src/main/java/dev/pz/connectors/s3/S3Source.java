package dev.pz.connectors.s3;

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
 * The read side of one s3 connection: native only. The scan names the objects with {@code s3://}
 * URLs; at run time they are listed (a single key, a glob, or a bounded window's cover of a calendar
 * template), downloaded in parallel into the run's spool, and read by DuckDB's own reader.
 */
final class S3Source implements Source {

    private final S3Stores stores;

    S3Source(S3Stores stores) {
        this.stores = stores;
    }

    /**
     * @throws PzConnectorException PZ0361/PZ0362 for format errors, PZ0365 for a {@code ..} in path, a
     *     missing bucket
     */
    @Override
    public Optional<NativeScan> nativeScan(DatasetSpec spec) {
        return Optional.of(RemoteRead.scan(stores, dataset(spec), spec.watermark()));
    }

    /** The first matching object's schema, read the way the native tier reads it (touches the store). */
    @Override
    public Schema schema(DatasetSpec spec) {
        return SchemaPeek.schema(stores, dataset(spec));
    }

    /** s3 declares NativeOnlyRead: there is no universal read to plan. */
    @Override
    public List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        throw new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, spec.context() + ": s3 reads are native-scan"
                + " only; they cannot run on the universal tier", "remove engine.force_universal / files_per_partition");
    }

    private RemoteDataset dataset(DatasetSpec spec) {
        FormatOptions options = FormatOptions.of(spec, S3Options.READ_FORMAT);
        ObjectLocation location = S3Locations.read(stores.settings(), spec, options.format().fileExtension());
        return RemoteDataset.of(S3ConnectorFactory.NAME, spec, options, location.container(), location.key());
    }

    @Override
    public void close() {
        // Clients are opened per operation.
    }
}
