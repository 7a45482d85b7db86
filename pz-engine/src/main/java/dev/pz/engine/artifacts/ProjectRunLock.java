package dev.pz.engine.artifacts;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One run at a time per project: a second run would race the first on the staging of shared
 * sources, on the outputs and on the stored watermarks. An OS lock on {@code .pz/runs/.lock},
 * released by the OS on any exit, even a kill.
 */
public final class ProjectRunLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private ProjectRunLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock or fails at once with PZ0517 naming the live run. */
    public static ProjectRunLock acquire(Path projectDirectory) {
        Path runs = RunDirectory.runsDirectory(projectDirectory);
        try {
            Files.createDirectories(runs);
            FileChannel channel = FileChannel.open(runs.resolve(".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                channel.close();
                String live = Retention.orderedRuns(projectDirectory).stream().filter(RunDirectory::isLive)
                        .map(path -> path.getFileName().toString()).findFirst().orElse("another run");
                throw new PzException(new PzError(PzCode.STATE_RUN_IN_FLIGHT, "run '" + live
                        + "' is in flight in this project", null, 0,
                        "wait for it to finish, then run again; two runs of one project would race on its outputs and state"));
            }
            return new ProjectRunLock(channel, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("could not lock " + runs + ": " + e.getMessage(), e);
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
