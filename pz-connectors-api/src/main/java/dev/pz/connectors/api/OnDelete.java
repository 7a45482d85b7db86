package dev.pz.connectors.api;

/** What a cdc-fed merge output does with the rows its source deleted ({@code on_delete:}). */
public enum OnDelete {
    /** Remove them from the output. */
    DELETE("delete"),
    /** Keep them, stamping {@code _pz_deleted_at} with the time the delete was applied. */
    SOFT("soft"),
    /** Keep them unchanged. */
    IGNORE("ignore");

    /** The column a soft delete stamps; a write re-inserting the key sets it back to null. */
    public static final String DELETED_AT = "_pz_deleted_at";

    private final String word;

    OnDelete(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** The value spelled {@code word}, or null for null. */
    public static OnDelete of(String word) {
        if (word == null) {
            return null;
        }
        for (OnDelete value : values()) {
            if (value.word.equals(word)) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown on_delete '" + word + "'");
    }
}
