package dev.pz.engine.execute;

import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The run's spool: local files an object-store node moves through ({@code <run>/spool/<node>}).
 * Source loads fetch objects into theirs before DuckDB reads them; native writes COPY into theirs
 * before the connector uploads. Each node's directory is named after its node id, so a fused pipeline's
 * COPY and its sink's upload find the same file. The whole spool is deleted when the run ends.
 */
public final class RunSpool {

    static final String DIRECTORY = "spool";
    private static final int ID_CHARS = 16;

    private RunSpool() {
    }

    /** The node's spool directory, emptied and created. */
    static Path fresh(RunContext context, String nodeId) {
        Path directory = of(context, nodeId);
        delete(directory);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new PzConnectorException(null,
                    "could not create the spool directory '" + directory + "': " + e.getMessage(), false, null, e);
        }
        return directory;
    }

    /** The node's spool directory (not created). */
    static Path of(RunContext context, String nodeId) {
        return context.runDirectory().resolve(DIRECTORY).resolve(nodeId.substring(0, Math.min(ID_CHARS,
                nodeId.length())));
    }

    /** Deletes the run's whole spool; best effort (it lives under the run directory, which retention reclaims). */
    public static void deleteAll(Path runDirectory) {
        delete(runDirectory.resolve(DIRECTORY));
    }

    /** Deletes a directory tree; best effort. */
    static void delete(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException ignored) {
                    // Best effort: a leftover spool file only costs disk until retention removes the run.
                }
            });
        } catch (IOException ignored) {
            // Best effort, as above.
        }
    }
}
