package dev.pz.engine.events;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Recognises the environment failures an engine can hit while it writes under the project or a
 * sink's target: permission denied (PZ0531), disk full (PZ0532) and a file locked by another
 * process (PZ0533). They are neither bugs in pz (PZ0500) nor node failures of the project's making
 * (PZ0501), so a failed node and a failed run both carry these codes.
 * Recognition walks the cause chain (an {@link java.io.UncheckedIOException} around a
 * {@link FileSystemException}, a JDBC exception carrying DuckDB's IO error text) and looks at the
 * exception type first, the OS error text second.
 */
public final class EngineFailures {
    private static final String DISK_FULL =
            "free space on the volume holding the project's .pz directory (or the sink's target)";
    private static final String ACCESS_DENIED = "make the project directory and its .pz directory writable by this user";
    private static final String LOCKED = "another pz (or another program) holds the file; wait for it to finish";

    private EngineFailures() {
    }

    /**
     * The environment failure somewhere in {@code failure}'s cause chain, with a hint that says what to
     * fix and then {@code nextStep} (e.g. {@code run pz run again}); empty for any other failure.
     */
    public static Optional<PzError> classify(Throwable failure, String nextStep) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            Optional<PzError> error = classifyOne(t);
            if (error.isPresent()) {
                return Optional.of(error.get().withHint(error.get().hint() + ", then " + nextStep));
            }
        }
        return Optional.empty();
    }

    /** Whether {@code code} is one of the environment failures this class recognises. */
    public static boolean isEnvironmentCode(PzCode code) {
        return code == PzCode.ENGINE_ACCESS_DENIED || code == PzCode.ENGINE_DISK_FULL || code == PzCode.ENGINE_FILE_LOCKED;
    }

    /** What to fix for an environment failure of {@code code}, without the next step. */
    public static String remedy(PzCode code) {
        return switch (code) {
            case ENGINE_DISK_FULL -> DISK_FULL;
            case ENGINE_FILE_LOCKED -> LOCKED;
            default -> ACCESS_DENIED;
        };
    }

    private static Optional<PzError> classifyOne(Throwable t) {
        String message = t.getMessage() == null ? "" : t.getMessage();
        String text = message.toLowerCase(Locale.ROOT);
        String path = t instanceof FileSystemException fs ? fs.getFile() : null;
        if (text.contains("no space left on device") || text.contains("disk quota exceeded")
                || text.contains("not enough space on the disk") || text.contains("there is not enough space")) {
            return Optional.of(error(PzCode.ENGINE_DISK_FULL, "disk full", path, message, DISK_FULL));
        }
        if (t instanceof AccessDeniedException || text.contains("permission denied") || text.contains("access is denied")
                || text.contains("read-only file system") || text.contains("operation not permitted")) {
            return Optional.of(error(PzCode.ENGINE_ACCESS_DENIED, "permission denied", path, message, ACCESS_DENIED));
        }
        if (t instanceof FileSystemException && text.contains("not a directory") && underPzDirectory(path)) {
            // .pz (or .pz/runs) exists as a regular file: pz cannot create its working directories. A file
            // where a sink wants its output folder is the project's problem, its node's failure (PZ0501).
            return Optional.of(error(PzCode.ENGINE_ACCESS_DENIED, "cannot create a directory", path, message,
                    "a file stands where pz keeps a directory; move it away (pz keeps its state under .pz/)"));
        }
        if (t instanceof java.nio.channels.OverlappingFileLockException || text.contains("could not set lock on file")
                || text.contains("being used by another process") || text.contains("sharing violation")
                || text.contains("resource temporarily unavailable") && path != null) {
            return Optional.of(error(PzCode.ENGINE_FILE_LOCKED, "file locked by another process", path, message, LOCKED));
        }
        return Optional.empty();
    }

    private static boolean underPzDirectory(String path) {
        if (path == null) {
            return false;
        }
        for (Path name : Path.of(path)) {
            if (name.toString().equals(".pz")) {
                return true;
            }
        }
        return false;
    }

    private static PzError error(PzCode code, String what, String path, String message, String hint) {
        String detail = path != null && !message.contains(path) ? path + ": " + message : message;
        return PzError.of(code, what + ": " + detail).withHint(hint);
    }
}
