package dev.pz.engine;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Which project to open: its directory (the one holding project.yml) and the {@code --vars}
 * overrides as the JSON object text the user passed, or null for none.
 */
public record ProjectRequest(Path directory, String varsJson) {

    public ProjectRequest {
        Objects.requireNonNull(directory, "directory");
        directory = directory.toAbsolutePath().normalize();
    }

    public static ProjectRequest of(Path directory) {
        return new ProjectRequest(directory, null);
    }
}
