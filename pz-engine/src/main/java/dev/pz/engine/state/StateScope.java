package dev.pz.engine.state;

/**
 * The kinds of keyed state a backend keeps, each a separate key space: its name on the wire (an
 * http path segment, a SQL {@code scope} value), and for the local backend its file under
 * {@code .pz/state/}, the JSON section inside it and how notices name the file.
 */
public enum StateScope {
    WATERMARKS("watermarks", "watermarks.json", "watermarks", "Watermark state file"),
    SYNC_STATE("sync-state", "sync-state.json", "syncState", "Sync state file"),
    SCHEMAS("schemas", "schemas.json", "schemas", "Schema baseline file"),
    /** The run lock of a shared backend; the local backend locks {@code .pz/runs/.lock} instead. */
    LOCKS("locks", "locks.json", "locks", "Lock file"),
    /** Which sharded runs were published by {@code pz commit} (docs/scale-out.md). */
    SCALE_OUT("scale-out", "scale-out.json", "scaleOut", "Scale-out commit file");

    private final String wireName;
    private final String fileName;
    private final String section;
    private final String subject;

    StateScope(String wireName, String fileName, String section, String subject) {
        this.wireName = wireName;
        this.fileName = fileName;
        this.section = section;
        this.subject = subject;
    }

    public String wireName() {
        return wireName;
    }

    String fileName() {
        return fileName;
    }

    String section() {
        return section;
    }

    String subject() {
        return subject;
    }
}
