package dev.pz.connectors.api;

import java.util.Objects;
import java.util.Optional;

/**
 * What a committed write made visible. {@code mergeKeyDuplicates} is present exactly when the write
 * was a merge of a connector that {@link Connector#countsMergeKeyDuplicates() counts its repeated
 * keys}.
 */
public record WriteResult(long rowsWritten, long batchesWritten, Optional<MergeKeyDuplicates> mergeKeyDuplicates) {

    public WriteResult {
        Objects.requireNonNull(mergeKeyDuplicates, "mergeKeyDuplicates");
    }

    /** A write that counted no merge keys. */
    public WriteResult(long rowsWritten, long batchesWritten) {
        this(rowsWritten, batchesWritten, Optional.empty());
    }
}
