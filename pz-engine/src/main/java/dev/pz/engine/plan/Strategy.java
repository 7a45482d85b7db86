package dev.pz.engine.plan;

/** How a node moves its data. */
public enum Strategy {
    NATIVE_SCAN("native_scan"),
    NATIVE_COPY("native_copy"),
    ARROW_STREAM("arrow_stream"),
    DUCK_SQL("duck_sql");

    private final String word;

    Strategy(String word) {
        this.word = word;
    }

    /** As plan.json and {@code pz plan} write it. */
    public String word() {
        return word;
    }
}
