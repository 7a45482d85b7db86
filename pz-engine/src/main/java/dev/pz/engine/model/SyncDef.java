package dev.pz.engine.model;

/**
 * {@code sync:} of a read. For {@code incremental}: the cursor column and the optional bounded
 * window (raw scalar text as written; canonicalized by the compiler). For {@code cdc}: the slot.
 */
public record SyncDef(Mode mode, String cursor, String maxWindow, String initial, String until, String slot) {

    /** The read mode. */
    public enum Mode {
        AUTO, INCREMENTAL, CDC
    }

    public boolean isIncremental() {
        return mode == Mode.INCREMENTAL;
    }

    public boolean isWindowed() {
        return maxWindow != null;
    }
}
