package dev.pz.connectors.api;

import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read side of one connection. Opened by {@link Connector#openSource}; the engine closes it.
 */
public interface Source extends AutoCloseable {

    /**
     * The native read of a dataset, or empty when this dataset needs the universal tier. Asked only
     * of a connector declaring {@link ConnectorCapability#NATIVE_SCAN}. Side-effect free and
     * offline: the planner calls it. A refusal that the user must fix (a contract that
     * does not match a CSV header) is thrown as a {@link dev.pz.connectors.api.error.PzConnectorException}.
     */
    Optional<NativeScan> nativeScan(DatasetSpec spec);

    /**
     * Why a dataset {@link #nativeScan} left to the universal tier goes there, as a phrase the plan
     * shows after {@code arrow stream: } (e.g. {@code localfiles reads xlsx itself (…)}); empty for
     * the generic reason. Offline and side-effect free, like {@link #nativeScan}.
     */
    default Optional<String> universalReason(DatasetSpec spec) {
        return Optional.empty();
    }

    /** The Arrow schema the universal read will produce. May touch the source. */
    Schema schema(DatasetSpec spec);

    /**
     * Refuses a read the universal tier cannot carry for this dataset (a format only DuckDB reads, a
     * missing {@code columns:} contract) by throwing a {@link dev.pz.connectors.api.error.PzConnectorException}
     * with its code. Offline and side-effect free: the planner calls it for every read it puts on the
     * universal tier, so the refusal comes before anything runs. Accepts by default.
     */
    default void checkUniversalRead(DatasetSpec spec) {
    }

    /**
     * Splits a universal read into partitions the engine reads concurrently: one partition unless
     * the connector declares {@link ConnectorCapability#PARTITIONED_READ}.
     */
    List<ReadPartition> planRead(DatasetSpec spec, ReadHints hints);

    /** The read shape of a dataset not declared incremental: a full re-read unless overridden. */
    default ReadShape naturalReadShape(DatasetSpec spec) {
        return ReadShape.FULL;
    }

    /**
     * The smallest and largest non-null value of {@code column} over the rows a read of {@code spec}
     * would return (its watermark floor applied), typed as pz compares them; empty when the
     * connector cannot tell, or the column holds no value or a type it cannot report. Used to cut a
     * dataset into shard ranges once per sharded run. May touch the source.
     */
    default Optional<ColumnRange> columnRange(DatasetSpec spec, String column) {
        return Optional.empty();
    }

    /** The bounds {@link #columnRange} reports, both inclusive. */
    record ColumnRange(ReadPredicate.Value min, ReadPredicate.Value max) {
        public ColumnRange {
            java.util.Objects.requireNonNull(min, "min");
            java.util.Objects.requireNonNull(max, "max");
        }
    }

    @Override
    void close();
}
