package dev.pz.connectors.api;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a connector can do. The bit values are part of pz's wire protocol and never change; the
 * engine keys planning rules on each flag (spec connectors.md §3.2).
 */
public enum ConnectorCapability {
    COLUMN_PRUNING("ColumnPruning", 1),
    PREDICATE_PUSHDOWN("PredicatePushdown", 2),
    PARTITIONED_READ("PartitionedRead", 4),
    NATIVE_SCAN("NativeScan", 8),
    NATIVE_COPY("NativeCopy", 16),
    MERGE("Merge", 32),
    TRANSACTIONAL("Transactional", 64),
    BOUNDED_WINDOW("BoundedWindow", 128),
    PATH_TEMPLATING("PathTemplating", 256),
    STREAMING_PARTITIONS("StreamingPartitions", 512),
    INCLUSIVE_WATERMARK_BOUND("InclusiveWatermarkBound", 1024),
    SYNC_STATE("SyncState", 2048),
    GATED_OPERATIONS("GatedOperations", 4096),
    STABLE_PARTITION_IDS("StablePartitionIds", 8192),
    CHECKPOINTABLE_READS("CheckpointableReads", 16384),
    REPLACE_WRITES("ReplaceWrites", 32768),
    CHECKPOINTABLE_WRITES("CheckpointableWrites", 65536),
    CHANGE_CAPTURE("ChangeCapture", 131072),
    APPLY_DELETES("ApplyDeletes", 262144),
    TEXT_LENGTH_STATS("TextLengthStats", 524288),
    COLUMN_PARTITIONED_WRITES("ColumnPartitionedWrites", 1048576),
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

    public static EnumSet<ConnectorCapability> fromMask(int mask) {
        EnumSet<ConnectorCapability> set = EnumSet.noneOf(ConnectorCapability.class);
        for (ConnectorCapability capability : values()) {
            if ((mask & capability.bit) != 0) {
                set.add(capability);
            }
        }
        return set;
    }
}
