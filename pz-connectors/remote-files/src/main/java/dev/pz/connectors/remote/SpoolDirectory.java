package dev.pz.connectors.remote;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** A private directory for one read's downloads and DuckDB's spill files, deleted with everything in it. */
final class SpoolDirectory implements AutoCloseable {

    private final Path path;

    private SpoolDirectory(Path path) {
        this.path = path;
    }

    static SpoolDirectory create(Path spoolRoot, String context) {
        try {
            Files.createDirectories(spoolRoot);
            return new SpoolDirectory(Files.createTempDirectory(spoolRoot, "read-"));
        } catch (IOException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, context + ": cannot create a spool directory under '"
                    + spoolRoot + "' (" + e.getMessage() + ")", true, null, e);
        }
    }

    Path path() {
        return path;
    }

    @Override
    public void close() {
        deleteTree(path);
    }

    /** Deletes a directory and everything in it, when it exists. */
    static void deleteTree(Path path) {
        try {
            if (Files.exists(path)) {
                Files.walkFileTree(path, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                        Files.delete(file);
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path directory, IOException e) throws IOException {
                        Files.delete(directory);
                        return FileVisitResult.CONTINUE;
                    }
                });
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the spool directory " + path, e);
        }
    }

    /** {@link #deleteTree}, leaving what cannot be deleted (inside a directory no reader looks at). */
    static void deleteQuietly(Path path) {
        try {
            deleteTree(path);
        } catch (UncheckedIOException ignored) {
            // The next run, or pz clean, deletes what is left under the spool root.
        }
    }
}
