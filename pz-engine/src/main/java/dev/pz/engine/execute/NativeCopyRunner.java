package dev.pz.engine.execute;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSqlException;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.model.RunIds;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The two halves of a native write: DuckDB's COPY into temporary files beside the destination,
 * then the atomic renames that publish them. A failure in either half deletes the temporaries, so
 * the previous output stays whole.
 */
final class NativeCopyRunner {

    /** The file a spooled COPY writes in its sink's spool directory (the format comes from the COPY clause). */
    static final String SPOOL_NAME = "output";

    private NativeCopyRunner() {
    }

    /**
     * Runs the connector's COPY from {@code relation}; returns the rows DuckDB reports written. A
     * spooled COPY writes the sink node's spool file ({@link #spoolFile}).
     */
    static long copy(String sinkId, String output, NativeCopy copy, RunContext context, DuckConnection connection,
            String relation) {
        context.setup().ensure(connection, copy.setupStatements(), "output '" + output + "'");
        createDirectories(output, copy);
        sweepAbandoned(copy, RunIds.startedAt(context.runId()).orElse(null));
        String sql = copy.copySql().replace(NativeCopy.SOURCE, relation);
        if (copy.spoolPublish() != null) {
            Path spool = RunSpool.fresh(context, sinkId);
            sql = sql.replace(NativeCopy.SPOOL_FILE, SqlLiterals.string(spool.resolve(SPOOL_NAME).toString()));
        }
        try {
            return Math.max(0, connection.execute(sql));
        } catch (DuckSqlException e) {
            deleteTemporaries(copy);
            throw new PzConnectorException(null, "native copy statement failed: " + FailureMessages.redact(e.getMessage()),
                    false, null, e);
        } catch (RuntimeException e) {
            deleteTemporaries(copy);
            throw e;
        }
    }

    /**
     * Publishes what the COPY wrote: the connector's upload of the spool file, or the atomic renames of
     * the temporaries. The spool file is deleted either way.
     */
    static void publish(String sinkId, String output, NativeCopy copy, RunContext context) {
        if (copy.spoolPublish() != null) {
            Path spool = RunSpool.of(context, sinkId);
            try {
                copy.spoolPublish().publish(spool.resolve(SPOOL_NAME));
            } finally {
                RunSpool.delete(spool);
            }
            return;
        }
        for (NativeCopy.FileMove move : copy.finalizations()) {
            try {
                try {
                    Files.move(move.temporary(), move.target(), StandardCopyOption.REPLACE_EXISTING,
                            StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(move.temporary(), move.target(), StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                deleteTemporaries(copy);
                throw new PzConnectorException(null, "could not move the finished output into place for '" + output
                        + "': " + e.getMessage(), false, null, e);
            }
        }
    }

    static void deleteTemporaries(NativeCopy copy) {
        for (NativeCopy.FileMove move : copy.finalizations()) {
            try {
                Files.deleteIfExists(move.temporary());
            } catch (IOException ignored) {
                // Best effort: a leftover .pz-native-* file is harmless and names itself.
            }
        }
    }

    /**
     * Deletes {@code .pz-native-*} temporaries a killed run left beside this output: any such file
     * older than this run's start cannot belong to a live run of this project (one run at a time).
     */
    private static void sweepAbandoned(NativeCopy copy, java.time.Instant runStarted) {
        if (runStarted == null) {
            return;
        }
        for (NativeCopy.FileMove move : copy.finalizations()) {
            Path directory = move.temporary().toAbsolutePath().getParent();
            try (java.util.stream.Stream<Path> files = Files.list(directory)) {
                for (Path file : files.filter(path -> path.getFileName().toString().startsWith(".pz-native-")).toList()) {
                    if (Files.getLastModifiedTime(file).toInstant().isBefore(runStarted)) {
                        Files.deleteIfExists(file);
                    }
                }
            } catch (IOException ignored) {
                // Best effort: the file names itself, and the next run tries again.
            }
        }
    }

    private static void createDirectories(String output, NativeCopy copy) {
        try {
            for (Path directory : copy.directories()) {
                Files.createDirectories(directory);
            }
            for (NativeCopy.FileMove move : copy.finalizations()) {
                Files.createDirectories(move.temporary().toAbsolutePath().getParent());
                Files.createDirectories(move.target().toAbsolutePath().getParent());
            }
        } catch (IOException e) {
            throw new PzConnectorException(null, "could not create the output directory for '" + output + "': "
                    + e.getClass().getSimpleName().replace("Exception", "") + " " + e.getMessage(), false, null, e);
        }
    }
}
