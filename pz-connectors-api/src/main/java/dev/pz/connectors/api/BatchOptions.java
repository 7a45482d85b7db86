package dev.pz.connectors.api;

/** Target size of the Arrow batches a source yields. */
public record BatchOptions(long targetBytes, int maxRows) {

    public static final long DEFAULT_TARGET_BYTES = 32L * 1024 * 1024;
    public static final int DEFAULT_MAX_ROWS = 122_880;

    public static BatchOptions defaults() {
        return new BatchOptions(DEFAULT_TARGET_BYTES, DEFAULT_MAX_ROWS);
    }
}
