package dev.pz.connectors.api;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a connector can do. Each flag drives one engine rule, stated on the constant; a connector
 * declares exactly the flags whose behaviour it implements (the connector test kit checks both
 * directions). The bit values are pz's wire protocol and never change.
 *
 * <p>Bits 64 (Transactional), 512 (StreamingPartitions), 2048 (SyncState), 4096
 * (GatedOperations), 8192 (StablePartitionIds), 16384 (CheckpointableReads) and 65536
 * (CheckpointableWrites) are reserved for features this build does not have: they are not flags
 * here, a mask carrying one is refused, and the option those features need ({@code rate_limit}) is
 * refused for every connector.
 */
public enum ConnectorCapability {
    /** The source honours {@link ReadHints#columns()}; without it pz passes no column hint. */
    COLUMN_PRUNING("ColumnPruning", 1),
    /** The source honours {@link ReadHints#predicates()}; without it pz passes no predicate. */
    PREDICATE_PUSHDOWN("PredicatePushdown", 2),
    /**
     * {@link Source#planRead} may return more than one partition, which pz reads concurrently.
     * Without it a source must return exactly one; more is refused (PZ0319).
     */
    PARTITIONED_READ("PartitionedRead", 4),
    /** pz asks {@link Source#nativeScan}; without it pz never asks and reads on the universal tier. */
    NATIVE_SCAN("NativeScan", 8),
    /**
     * pz asks {@link Sink#nativeCopy}, then {@link Sink#nativeSqlWrite}; without it pz never asks and
     * writes on the universal tier.
     */
    NATIVE_COPY("NativeCopy", 16),
    /** {@code strategy: merge} is allowed; without it a merge output is refused (PZ0324). */
    MERGE("Merge", 32),
    /**
     * The source applies {@link DatasetSpec.Watermark#upperBound()}; without it a windowed dataset
     * ({@code max_window}) is refused (PZ0313).
     */
    BOUNDED_WINDOW("BoundedWindow", 128),
    /**
     * The sink lays out {@code partition_by} outputs in calendar folders of its {@code path}; without
     * it or {@link #COLUMN_PARTITIONED_WRITES} a {@code partition_by} output is refused (PZ0314).
     */
    PATH_TEMPLATING("PathTemplating", 256),
    /**
     * The source applies {@code >=} when {@link DatasetSpec.Watermark#lowerInclusive()}; without it
     * pz passes no lower bound on such a read (the staged rows are trimmed instead).
     */
    INCLUSIVE_WATERMARK_BOUND("InclusiveWatermarkBound", 1024),
    /** {@code strategy: replace} is allowed; without it a replace output is refused (PZ0324). */
    REPLACE_WRITES("ReplaceWrites", 32768),
    /**
     * {@code sync: {mode: cdc}} is allowed: the source reads a table's changes when
     * {@link DatasetSpec#changeCapture()} is set, in one {@link ChangeCapturePartition} whose rows
     * follow {@link ChangeRows}. Without it a cdc dataset is refused (PZ0338).
     */
    CHANGE_CAPTURE("ChangeCapture", 131072),
    /**
     * Merge sessions implement {@link DeleteApplyingSession} and honour {@link OutputSpec#onDelete()};
     * without it {@code on_delete: delete|soft} is refused (PZ0339).
     */
    APPLY_DELETES("ApplyDeletes", 262144),
    /**
     * pz measures the longest value of every text column before a universal write and passes it
     * as {@link OutputSpec#maxTextLengths()}; without it pz spends no query on it.
     */
    TEXT_LENGTH_STATS("TextLengthStats", 524288),
    /**
     * The sink partitions an output by the values of its {@code partition_by} columns itself (Hive
     * folders, table partitions); see {@link #PATH_TEMPLATING}.
     */
    COLUMN_PARTITIONED_WRITES("ColumnPartitionedWrites", 1048576),
    /**
     * The source has no universal tier: {@code engine.force_universal} on one of its datasets, or a
     * dataset it declines to scan natively, is refused at plan time (PZ0312).
     */
    NATIVE_ONLY_READ("NativeOnlyRead", 2097152);

    private final String displayName;
    private final int bit;

    ConnectorCapability(String displayName, int bit) {
        this.displayName = displayName;
        this.bit = bit;
    }

    /** The flag's published name, as {@code pz connectors} prints it. */
    public String displayName() {
        return displayName;
    }

    public int bit() {
        return bit;
    }

    public static int mask(Set<ConnectorCapability> capabilities) {
        int mask = 0;
        for (ConnectorCapability capability : capabilities) {
            mask |= capability.bit;
        }
        return mask;
    }

    /**
     * The flags of a wire mask.
     *
     * @throws IllegalArgumentException when the mask carries a bit this build has no flag for
     */
    public static EnumSet<ConnectorCapability> fromMask(int mask) {
        EnumSet<ConnectorCapability> set = EnumSet.noneOf(ConnectorCapability.class);
        int known = 0;
        for (ConnectorCapability capability : values()) {
            known |= capability.bit;
            if ((mask & capability.bit) != 0) {
                set.add(capability);
            }
        }
        if ((mask & ~known) != 0) {
            throw new IllegalArgumentException("capability bits " + (mask & ~known)
                    + " name features this pz does not support");
        }
        return set;
    }
}
