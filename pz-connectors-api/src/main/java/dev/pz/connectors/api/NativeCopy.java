package dev.pz.connectors.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A write DuckDB performs itself. {@code copySql} contains the placeholder {@value #SOURCE} where
 * the engine puts the staged relation. Before running it the engine creates
 * {@code directories}; after it succeeds the engine performs {@code finalizations} in order, each an
 * atomic same-directory rename, so a failed COPY leaves the destination as it was.
 *
 * <p>A write to a destination DuckDB cannot reach (an object store) carries a {@code spoolPublish}:
 * its {@code copySql} writes to the placeholder {@value #SPOOL_FILE}, which the engine replaces with
 * a quoted path to a fresh file in the run's spool, and after the COPY the engine hands that file
 * to {@code spoolPublish} (an upload) and then deletes it.
 */
public record NativeCopy(String copySql, List<String> setupStatements, String mechanism, List<Path> directories,
        List<FileMove> finalizations, SpoolPublish spoolPublish) {

    public static final String SOURCE = "{{source}}";

    /** Where a spooled COPY writes: replaced by a quoted local path (a DuckDB string literal). */
    public static final String SPOOL_FILE = "{{spool_file}}";

    public NativeCopy {
        Objects.requireNonNull(copySql, "copySql");
        setupStatements = List.copyOf(setupStatements);
        Objects.requireNonNull(mechanism, "mechanism");
        directories = List.copyOf(directories);
        finalizations = List.copyOf(finalizations);
    }

    /** A write DuckDB makes on the local filesystem itself. */
    public NativeCopy(String copySql, List<String> setupStatements, String mechanism, List<Path> directories,
            List<FileMove> finalizations) {
        this(copySql, setupStatements, mechanism, directories, finalizations, null);
    }

    /** A write DuckDB makes into a spool file that {@code publish} then moves to its destination. */
    public static NativeCopy spooled(String copySql, List<String> setupStatements, String mechanism,
            SpoolPublish publish) {
        Objects.requireNonNull(publish, "publish");
        return new NativeCopy(copySql, setupStatements, mechanism, List.of(), List.of(), publish);
    }

    /** An atomic rename of a finished temporary file (or directory) onto its final name. */
    public record FileMove(Path temporary, Path target) {
    }
}
