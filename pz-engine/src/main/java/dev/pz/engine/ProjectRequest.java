package dev.pz.engine;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Which project to open: its directory (the one holding project.yml), the {@code --vars} overrides as the
 * JSON object text the user passed (or null for none), whether pz.lock.json must still match
 * project.yml ({@code --no-lock-check} turns that off; a missing lock is refused either way), and
 * {@code stateUrl}, the http state service {@code --state-url} names in place of project.yml's
 * {@code state:} (or null).
 */
public record ProjectRequest(Path directory, String varsJson, boolean lockCheck, String stateUrl) {

    public ProjectRequest {
        Objects.requireNonNull(directory, "directory");
        directory = directory.toAbsolutePath().normalize();
    }

    public ProjectRequest(Path directory, String varsJson) {
        this(directory, varsJson, true, null);
    }

    public static ProjectRequest of(Path directory) {
        return new ProjectRequest(directory, null);
    }

    /** The same request with the drift check skipped ({@code --no-lock-check}). */
    public ProjectRequest withoutLockCheck() {
        return new ProjectRequest(directory, varsJson, false, stateUrl);
    }

    /** The same request keeping state at the http state service {@code url} ({@code --state-url}). */
    public ProjectRequest withStateUrl(String url) {
        return new ProjectRequest(directory, varsJson, lockCheck, url);
    }
}
