package dev.pz.engine.artifacts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A run's directory {@code .pz/runs/<runId>/}, locked for the life of the process through an OS
 * lock on {@code .lock}: the OS releases it on any exit, even a kill, so "locked" means "live".
 */
public final class RunDirectory implements AutoCloseable {
    public static final String LOCK_FILE = ".lock";
    private final Path directory;
    private final FileChannel channel;
    private final FileLock lock;

    private RunDirectory(Path directory, FileChannel channel, FileLock lock) {
        this.directory = directory;
        this.channel = channel;
        this.lock = lock;
    }

    public static Path runsDirectory(Path projectDirectory) {
        return projectDirectory.resolve(".pz").resolve("runs");
    }

    public static RunDirectory create(Path projectDirectory, String runId) {
        Path directory = runsDirectory(projectDirectory).resolve(runId);
        try {
            Files.createDirectories(directory);
            FileChannel channel = FileChannel.open(directory.resolve(LOCK_FILE), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new IllegalStateException("run directory " + directory + " is locked by another process");
            }
            return new RunDirectory(directory, channel, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("could not create the run directory " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Whether a live process holds the run directory's lock. */
    public static boolean isLive(Path directory) {
        Path lockFile = directory.resolve(LOCK_FILE);
        if (!Files.exists(lockFile)) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock probe = channel.tryLock();
            if (probe == null) {
                return true;
            }
            probe.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            return true;
        }
    }

    public Path path() {
        return directory;
    }

    public Path stagingDatabase() {
        return directory.resolve("staging.duckdb");
    }

    /**
     * Releases the lock and deletes the directory with everything in it: for a run that stopped
     * before anything of it ran or was recorded. Best effort; what cannot be deleted stays for
     * {@code pz clean}.
     */
    public void discard() {
        close();
        try (Stream<Path> walk = Files.walk(directory)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | UncheckedIOException ignored) {
            // Left for pz clean.
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException ignored) {
            // The OS releases the lock when the process ends.
        }
    }
}
