package dev.pz.engine.model;

/** Where a value was written: a project-relative file (with '/' separators) and a 1-based line (0 = unknown). */
public record SourceLocation(String file, int line) {

    public static SourceLocation file(String file) {
        return new SourceLocation(file, 0);
    }
}
