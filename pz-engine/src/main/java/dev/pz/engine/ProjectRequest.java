package dev.pz.engine;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Which project to open: its directory (the one holding project.yml), the {@code --vars}
 * overrides as the JSON object text the user passed (or null for none), and {@code stateUrl}, the
 * http state service {@code --state-url} names in place of project.yml's {@code state:} (or null).
 */
public record ProjectRequest(Path directory, String varsJson, String stateUrl) {

    public ProjectRequest {
        Objects.requireNonNull(directory, "directory");
        directory = directory.toAbsolutePath().normalize();
    }

    public ProjectRequest(Path directory, String varsJson) {
        this(directory, varsJson, null);
    }

    public static ProjectRequest of(Path directory) {
        return new ProjectRequest(directory, null);
    }
}
