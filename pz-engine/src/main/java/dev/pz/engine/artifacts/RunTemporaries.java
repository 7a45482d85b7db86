package dev.pz.engine.artifacts;

import dev.pz.connectors.api.TemporaryFiles;
import dev.pz.engine.model.RunIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The temporaries of one run: files that are not output yet, in {@code .pz-tmp} directories
 * (see {@link TemporaryFiles}). Before a run first uses such a directory it appends the directory
 * to {@code .pz/runs/<runId>/temporaries.txt}, so that whatever a killed run leaves behind can be
 * found without reading the project: the next run and {@code pz clean} delete it
 * ({@link #sweepAbandoned}). A run that ends normally deletes its own temporaries and the list.
 *
 * <p>The run's spool, {@code .pz/runs/<runId>/.pz-tmp}, holds the temporaries of connectors with no
 * local place of their own (object stores): native writes they publish by upload, the staging of
 * their universal writes, and the objects a native read downloads for DuckDB.
 */
public final class RunTemporaries implements AutoCloseable {

    /** The list of directories a run used for temporaries, in its run directory. */
    public static final String LEDGER = "temporaries.txt";

    private final Path runDirectory;
    private final Instant runStarted;
    private final Set<Path> directories = ConcurrentHashMap.newKeySet();
    private final Set<Path> files = ConcurrentHashMap.newKeySet();

    public RunTemporaries(Path runDirectory, Instant runStarted) {
        this.runDirectory = runDirectory;
        this.runStarted = runStarted;
    }

    /** Deleted temporaries and the bytes they held. */
    public record Sweep(int files, long bytes) {
        Sweep plus(Sweep other) {
            return new Sweep(files + other.files, bytes + other.bytes);
        }
    }

    /** The run's spool directory, for temporaries a connector uploads rather than renames. */
    public Path spool() {
        return TemporaryFiles.directoryIn(runDirectory);
    }

    /**
     * Records {@code temporaryDirectory} before the run creates anything in it. The first time,
     * it also deletes what an earlier run left there (only files older than this run).
     */
    public void use(Path temporaryDirectory) {
        Path directory = temporaryDirectory.toAbsolutePath().normalize();
        if (!directories.add(directory)) {
            return;
        }
        synchronized (this) {
            try {
                Files.createDirectories(runDirectory);
                Files.writeString(runDirectory.resolve(LEDGER), directory + "\n", StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException("could not record a temporary directory in " + runDirectory + ": "
                        + e.getMessage(), e);
            }
        }
        sweep(directory, runStarted, false);
    }

    /** A new, empty temporary in {@code temporaryDirectory}; the run deletes it unless released first. */
    public Path create(Path temporaryDirectory) throws IOException {
        use(temporaryDirectory);
        Path file = TemporaryFiles.create(temporaryDirectory.toAbsolutePath().normalize());
        files.add(file);
        return file;
    }

    /**
     * A new, empty temporary directory in {@code temporaryDirectory}, for work of several files; the
     * run deletes it with everything in it unless released first.
     */
    public Path createDirectory(Path temporaryDirectory) throws IOException {
        use(temporaryDirectory);
        Path directory = TemporaryFiles.createDirectory(temporaryDirectory.toAbsolutePath().normalize());
        files.add(directory);
        return directory;
    }

    /**
     * Deletes a temporary (a file, or a directory with its contents) if it is still there (a file may
     * have been moved into place) and forgets it.
     */
    public void release(Path temporary) {
        try {
            TemporaryFiles.delete(temporary);
        } catch (IOException ignored) {
            // Left in a .pz-tmp directory, where no reader looks; the next run or pz clean deletes it.
        }
        files.remove(temporary);
        TemporaryFiles.removeIfEmpty(temporary.getParent());
    }

    /** Deletes every temporary the run still holds, then the list: nothing is left to sweep. */
    @Override
    public void close() {
        List.copyOf(files).forEach(this::release);
        try {
            Files.deleteIfExists(runDirectory.resolve(LEDGER));
        } catch (IOException ignored) {
            // The list then names directories without temporaries; a later sweep finds nothing there.
        }
    }

    /**
     * Deletes the temporaries that runs no longer alive recorded, if older than {@code before},
     * and their lists. The next run calls it with its own start; {@code pz clean} with now.
     */
    public static Sweep sweepAbandoned(Path projectDirectory, Instant before, boolean dryRun) {
        List<Path> runs = Retention.orderedRuns(projectDirectory);
        List<Path> listed = runs.stream().filter(run -> Files.isRegularFile(run.resolve(LEDGER))).toList();
        if (listed.isEmpty()) {
            return new Sweep(0, 0);
        }
        Instant cutoff = before;
        for (Path run : runs) {
            if (RunDirectory.isLive(run)) {
                // A live run's temporaries may share a directory with a dead run's: spare everything it may own.
                Instant started = RunIds.startedAt(run.getFileName().toString()).orElse(Instant.EPOCH);
                cutoff = started.isBefore(cutoff) ? started : cutoff;
            }
        }
        Sweep total = new Sweep(0, 0);
        for (Path run : listed) {
            if (RunDirectory.isLive(run)) {
                continue;
            }
            Path ledger = run.resolve(LEDGER);
            try {
                for (String line : Files.readAllLines(ledger, StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        total = total.plus(sweep(Path.of(line.strip()), cutoff, dryRun));
                    }
                }
                if (!dryRun) {
                    Files.deleteIfExists(ledger);
                }
            } catch (IOException | RuntimeException e) {
                // An unreadable list stays; the next sweep tries again.
            }
        }
        return total;
    }

    /** The bytes a temporary holds: a file's size, or the sum of a directory's files. */
    private static long size(Path temporary) throws IOException {
        if (!Files.isDirectory(temporary)) {
            return Files.size(temporary);
        }
        try (Stream<Path> tree = Files.walk(temporary)) {
            return tree.filter(Files::isRegularFile).mapToLong(file -> {
                try {
                    return Files.size(file);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        }
    }

    /** Deletes the temporaries in one directory that are older than {@code before}. */
    static Sweep sweep(Path directory, Instant before, boolean dryRun) {
        if (!TemporaryFiles.DIRECTORY.equals(String.valueOf(directory.getFileName())) || !Files.isDirectory(directory)) {
            return new Sweep(0, 0);
        }
        List<Path> abandoned = new ArrayList<>();
        try (Stream<Path> entries = Files.list(directory)) {
            entries.filter(TemporaryFiles::isTemporary).forEach(abandoned::add);
        } catch (IOException e) {
            return new Sweep(0, 0);
        }
        Sweep swept = new Sweep(0, 0);
        for (Path temporary : abandoned) {
            try {
                if (Files.getLastModifiedTime(temporary).toInstant().isBefore(before)) {
                    long size = size(temporary);
                    if (!dryRun) {
                        TemporaryFiles.delete(temporary);
                    }
                    swept = swept.plus(new Sweep(1, size));
                }
            } catch (NoSuchFileException gone) {
                // Published or deleted meanwhile.
            } catch (IOException | UncheckedIOException e) {
                // Best effort; the next sweep tries again.
            }
        }
        if (!dryRun) {
            TemporaryFiles.removeIfEmpty(directory);
        }
        return swept;
    }
}
