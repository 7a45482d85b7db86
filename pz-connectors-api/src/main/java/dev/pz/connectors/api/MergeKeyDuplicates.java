package dev.pz.connectors.api;

/**
 * Key groups that occurred more than once among the rows of one merge write, as the destination
 * counted them: {@code groups} distinct keys with more than one row, and {@code extraRows} rows
 * beyond the first of each such key (the rows the merge collapses).
 */
public record MergeKeyDuplicates(long groups, long extraRows) {

    /** Every key occurred once. */
    public static final MergeKeyDuplicates NONE = new MergeKeyDuplicates(0, 0);

    public MergeKeyDuplicates {
        if (groups < 0 || extraRows < groups) {
            throw new IllegalArgumentException("duplicate key groups " + groups + " with " + extraRows
                    + " extra row(s)");
        }
    }
}
