package dev.pz.connectors.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A write DuckDB performs itself, in two steps the engine runs and the connector shapes:
 *
 * <ol>
 * <li><b>COPY into a temporary.</b> The engine creates a fresh temporary file (named by
 * {@link TemporaryFiles}) in {@code temporaryDirectory} — or, when that is null, in the run's
 * spool directory on local disk — and runs {@link #copyStatement} after the
 * {@code setupStatements}. {@code copyOptions} therefore names the format explicitly (the
 * temporary's name carries no extension).
 * <li><b>Publish.</b> After the COPY succeeded, and only then, the engine calls
 * {@link Publisher#publish} once with the finished temporary. The connector makes it the output:
 * an atomic rename onto the final name ({@link #renameTo}), an upload to an object store, … .
 * Afterwards the engine deletes the temporary if it still exists.
 * </ol>
 *
 * <p>A failure in either step leaves the destination as it was: the engine deletes the temporary
 * and publishes nothing. A run killed in between leaves the temporary where no reader of the output
 * looks (a {@code .pz-tmp} directory, a name without the format's extension); the next run, and
 * {@code pz clean}, delete it. {@code mechanism} is for the plan's reason text (e.g.
 * {@code COPY TO parquet}) and must hold no secret.
 *
 * <p>A connector that publishes by rename puts its temporaries in
 * {@link TemporaryFiles#directoryIn} of the output's directory, so the rename stays on one file
 * system; a connector that uploads lets the engine spool (null directory).
 */
public record NativeCopy(String copyOptions, List<String> setupStatements, String mechanism, Path temporaryDirectory,
        Publisher publisher) {

    public NativeCopy {
        Objects.requireNonNull(copyOptions, "copyOptions");
        setupStatements = List.copyOf(setupStatements);
        Objects.requireNonNull(mechanism, "mechanism");
        if (temporaryDirectory != null && !TemporaryFiles.DIRECTORY.equals(String.valueOf(temporaryDirectory.getFileName()))) {
            throw new IllegalArgumentException("a native copy's temporary directory must be a '"
                    + TemporaryFiles.DIRECTORY + "' directory (got " + temporaryDirectory + ")");
        }
        Objects.requireNonNull(publisher, "publisher");
    }

    /** Makes a finished temporary file the output. Called at most once per COPY. */
    @FunctionalInterface
    public interface Publisher {
        /**
         * @param finished the complete file DuckDB wrote; the connector may move it away
         * @throws IOException when the output cannot be made visible; nothing must be visible then
         */
        void publish(Path finished) throws IOException;
    }

    /**
     * The statement the engine runs: {@code copy (select * from <relation>) to '<temporary>'
     * (<copyOptions>, use_tmp_file false)}. DuckDB writes straight into the temporary, which is one
     * already, instead of a second {@code tmp_} file beside it.
     */
    public String copyStatement(String relation, Path temporary) {
        return "copy (select * from " + relation + ") to '" + temporary.toString().replace("'", "''") + "' ("
                + copyOptions + ", use_tmp_file false)";
    }

    /** Publishes by an atomic rename onto {@code target} (replacing it), creating its directory. */
    public static Publisher renameTo(Path target) {
        return finished -> {
            Files.createDirectories(target.toAbsolutePath().getParent());
            TemporaryFiles.moveIntoPlace(finished, target);
        };
    }
}
