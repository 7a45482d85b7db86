package dev.pz.engine.model;

/** project.yml {@code retention:}: how many runs keep their staging database. */
public record RetentionConfig(boolean enabled, int keepLast) {

    public static final int DEFAULT_KEEP_LAST = 10;

    public static RetentionConfig defaults() {
        return new RetentionConfig(true, DEFAULT_KEEP_LAST);
    }

    public static RetentionConfig off() {
        return new RetentionConfig(false, 0);
    }
}
