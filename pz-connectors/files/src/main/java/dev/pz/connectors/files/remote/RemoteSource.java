package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side of a remote store connector (s3, azureblob, gcs, sftp): a connector says where a
 * dataset's objects are and in which format ({@link #dataset}); both tiers then run the one read flow
 * of {@link RemoteRead}. The native scan fetches into the run's spool; the universal tier
 * ({@code engine.force_universal}, {@code files_per_partition}, or a store without a native tier)
 * reads {@link #FILES_PER_PARTITION} objects per partition ({@link RemotePartitions}).
 */
public abstract class RemoteSource implements Source {

    /** The read option that coalesces matched objects into universal partitions. */
    public static final Option<Integer> FILES_PER_PARTITION = Option.integer("files_per_partition", "Matching"
            + " files each universal partition reads; setting it takes the universal tier, whose partitions are"
            + " read concurrently.").between(1, Integer.MAX_VALUE).defaultValue(1)
            .refusedWith(PzCode.FILES_PER_PARTITION_INVALID);

    private final Path spoolRoot;
    private final boolean nativeTier;

    /**
     * @param spoolRoot where universal partitions stage their downloads ({@link SpoolRoot})
     * @param nativeTier whether the run's DuckDB may read the fetched files itself
     */
    protected RemoteSource(Path spoolRoot, boolean nativeTier) {
        this.spoolRoot = spoolRoot;
        this.nativeTier = nativeTier;
    }

    /** The store a dataset's objects are in. */
    protected abstract ObjectStores stores(DatasetSpec spec);

    /**
     * The dataset's objects and format.
     *
     * @throws dev.pz.connectors.api.error.PzConnectorException PZ0361/PZ0362 for format errors, PZ0365
     *     for a {@code ..} in path, a missing bucket or container
     */
    protected abstract RemoteDataset dataset(DatasetSpec spec);

    /** Empty when the connector has no native tier or the dataset asks for universal partitions. */
    @Override
    public final Optional<NativeScan> nativeScan(DatasetSpec spec) {
        RemoteDataset dataset = dataset(spec);
        if (!nativeTier || spec.isSet(FILES_PER_PARTITION)) {
            return Optional.empty();
        }
        return Optional.of(RemoteRead.scan(stores(spec), dataset, spec.watermark()));
    }

    @Override
    public final Optional<String> universalReason(DatasetSpec spec) {
        if (nativeTier && spec.isSet(FILES_PER_PARTITION)) {
            return Optional.of(dataset(spec).connector() + " reads " + spec.get(FILES_PER_PARTITION)
                    + " file(s) per partition (files_per_partition)");
        }
        return Optional.empty();
    }

    /**
     * Resolves the dataset, so that a bad format or location is refused before anything runs.
     *
     * @throws PzConnectorException PZ0312 for xlsx and avro, which pz's readers copy to parquet for the
     *     run's DuckDB on the native tier only
     */
    @Override
    public final void checkUniversalRead(DatasetSpec spec) {
        RemoteDataset dataset = dataset(spec);
        if (dataset.options().format().handledByPz()) {
            throw new PzConnectorException(PzCode.NATIVE_PATH_REQUIRED, spec.context() + ": " + dataset.connector()
                    + " reads " + dataset.options().format().word() + " objects on the native tier only",
                    "remove engine.force_universal / files_per_partition");
        }
    }

    /** The first matching object's schema, read the way both tiers read it (touches the store). */
    @Override
    public final Schema schema(DatasetSpec spec) {
        return SchemaPeek.schema(stores(spec), dataset(spec));
    }

    @Override
    public final List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        checkUniversalRead(spec);
        return RemotePartitions.plan(stores(spec), dataset(spec), spec.watermark(), spec.get(FILES_PER_PARTITION),
                spoolRoot);
    }

    @Override
    public void close() {
        // Clients are opened per operation.
    }
}
