package dev.pz.connectors.remote;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.ReadPartition;
import dev.pz.connectors.api.Source;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side of a remote file connector, universal tier only: a connector says how a dataset
 * becomes a {@link RemoteRead} (where its files are, in which format) and how many files each
 * partition reads.
 */
public abstract class RemoteSource implements Source {

    /** The read of one dataset. */
    protected abstract RemoteRead read(DatasetSpec spec);

    /** Matching files per partition (the dataset's {@code files_per_partition}). */
    protected abstract int filesPerPartition(DatasetSpec spec);

    @Override
    public final Optional<NativeScan> nativeScan(DatasetSpec spec) {
        return Optional.empty();
    }

    @Override
    public final Schema schema(DatasetSpec spec) {
        return read(spec).schema();
    }

    @Override
    public final List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints) {
        return read(spec).partitions(filesPerPartition(spec));
    }

    @Override
    public void close() {
    }
}
