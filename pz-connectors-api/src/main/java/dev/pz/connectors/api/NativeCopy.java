package dev.pz.connectors.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A write DuckDB performs itself. {@code copySql} contains the placeholder {@value #SOURCE} where
 * the engine puts the staged relation. Before running it the engine creates
 * {@code directories}; after it succeeds the engine performs {@code finalizations} in order, each an
 * atomic same-directory rename, so a failed COPY leaves the destination as it was.
 */
public record NativeCopy(String copySql, List<String> setupStatements, String mechanism, List<Path> directories,
        List<FileMove> finalizations) {

    public static final String SOURCE = "{{source}}";

    public NativeCopy {
        Objects.requireNonNull(copySql, "copySql");
        setupStatements = List.copyOf(setupStatements);
        Objects.requireNonNull(mechanism, "mechanism");
        directories = List.copyOf(directories);
        finalizations = List.copyOf(finalizations);
    }

    /** An atomic rename of a finished temporary file (or directory) onto its final name. */
    public record FileMove(Path temporary, Path target) {
    }
}
