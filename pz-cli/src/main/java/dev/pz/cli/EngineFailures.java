package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Recognises the environment failures an engine can hit while it writes under the project
 * (user-surface §6, acceptance A130): permission denied (PZ0531), disk full (PZ0532) and a file
 * locked by another process (PZ0533). They are not bugs in pz, so they must not read as PZ0500.
 * Recognition walks the cause chain (an {@link java.io.UncheckedIOException} around a
 * {@link FileSystemException}, a JDBC exception carrying DuckDB's IO error text) and looks at the
 * exception type first, the OS error text second.
 */
final class EngineFailures {

    private EngineFailures() {
    }

    static Optional<PzError> classify(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            Optional<PzError> error = classifyOne(t);
            if (error.isPresent()) {
                return error;
            }
        }
        return Optional.empty();
    }

    private static Optional<PzError> classifyOne(Throwable t) {
        String message = t.getMessage() == null ? "" : t.getMessage();
        String text = message.toLowerCase(Locale.ROOT);
        String path = t instanceof FileSystemException fs ? fs.getFile() : null;
        if (text.contains("no space left on device") || text.contains("disk quota exceeded")
                || text.contains("not enough space on the disk") || text.contains("there is not enough space")) {
            return Optional.of(error(PzCode.ENGINE_DISK_FULL, "disk full", path, message,
                    "free space on the volume holding the project's .pz directory (or the sink's target), then "
                            + "`pz retry`"));
        }
        if (t instanceof AccessDeniedException || text.contains("permission denied") || text.contains("access is denied")
                || text.contains("read-only file system") || text.contains("operation not permitted")) {
            return Optional.of(error(PzCode.ENGINE_ACCESS_DENIED, "permission denied", path, message,
                    "make the project directory and its .pz directory writable by this user"));
        }
        if (t instanceof FileSystemException && text.contains("not a directory")) {
            // e.g. .pz (or .pz/runs) exists as a regular file: pz cannot create its working directories.
            return Optional.of(error(PzCode.ENGINE_ACCESS_DENIED, "cannot create a directory", path, message,
                    "a file stands where pz keeps a directory; move it away (pz keeps its state under .pz/)"));
        }
        if (t instanceof java.nio.channels.OverlappingFileLockException || text.contains("could not set lock on file")
                || text.contains("being used by another process") || text.contains("sharing violation")
                || text.contains("resource temporarily unavailable") && path != null) {
            return Optional.of(error(PzCode.ENGINE_FILE_LOCKED, "file locked by another process", path, message,
                    "another pz (or another program) holds the file; wait for it to finish, then retry"));
        }
        return Optional.empty();
    }

    private static PzError error(PzCode code, String what, String path, String message, String hint) {
        String detail = path != null && !message.contains(path) ? path + ": " + message : message;
        return PzError.of(code, what + ": " + detail).withHint(hint);
    }
}
