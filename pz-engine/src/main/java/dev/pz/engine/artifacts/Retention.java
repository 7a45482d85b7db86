package dev.pz.engine.artifacts;

import dev.pz.engine.model.RunIds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Automatic retention at the end of a run: every run but the newest {@code keepLast} loses its
 * staging database (never a live run, never its run_results.json), and free {@code .pz/tmp}
 * workdirs are swept.
 */
public final class Retention {

    /** What a sweep did. */
    public record Sweep(int stagingDeleted, int workdirsDeleted, long bytesFreed, int failures) {
        public boolean worthReporting() {
            return stagingDeleted + workdirsDeleted + failures > 0;
        }

        /** {@code cleaned 3 staging database(s) and 0 stale workdir(s) — freed 12 KB}. */
        public String line() {
            return "cleaned " + stagingDeleted + " staging database(s) and " + workdirsDeleted
                    + " stale workdir(s) — freed " + ByteCounts.format(bytesFreed)
                    + (failures > 0 ? " (" + failures + " could not be deleted; run pz clean for details)" : "");
        }
    }

    private Retention() {
    }

    public static Sweep sweep(Path projectDirectory, int keepLast) {
        int deleted = 0;
        int failures = 0;
        long freed = 0;
        List<Path> runs = orderedRuns(projectDirectory);
        for (int index = keepLast; index < runs.size(); index++) {
            Path run = runs.get(index);
            if (RunDirectory.isLive(run)) {
                continue;
            }
            Path staging = run.resolve("staging.duckdb");
            Path wal = run.resolve("staging.duckdb.wal");
            if (!Files.exists(staging) && !Files.exists(wal)) {
                continue;
            }
            // A136: every staging database the sweep selects counts as cleaned; one it could not
            // delete also counts as a failure and frees nothing.
            deleted++;
            try {
                long size = sizeOf(staging) + sizeOf(wal);
                Files.deleteIfExists(staging);
                Files.deleteIfExists(wal);
                freed += size;
            } catch (IOException e) {
                failures++;
            }
        }
        int workdirs = 0;
        Path tmp = projectDirectory.resolve(".pz").resolve("tmp");
        if (Files.isDirectory(tmp)) {
            try (Stream<Path> entries = Files.list(tmp)) {
                for (Path workdir : entries.toList()) {
                    if (RunDirectory.isLive(workdir)) {
                        continue;
                    }
                    try {
                        freed += deleteTree(workdir);
                        workdirs++;
                    } catch (IOException e) {
                        failures++;
                    }
                }
            } catch (IOException e) {
                failures++;
            }
        }
        return new Sweep(deleted, workdirs, freed, failures);
    }

    /** Run directories newest first: datable run ids first, then the rest, each by id descending. */
    public static List<Path> orderedRuns(Path projectDirectory) {
        Path runs = RunDirectory.runsDirectory(projectDirectory);
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(runs)) {
            List<Path> directories = new ArrayList<>(entries.filter(Files::isDirectory).toList());
            directories.sort(Comparator.comparing((Path path) -> RunIds.startedAt(name(path)).isEmpty())
                    .thenComparing(Retention::name, Comparator.reverseOrder()));
            return directories;
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String name(Path path) {
        return path.getFileName().toString();
    }

    private static long sizeOf(Path file) throws IOException {
        return Files.exists(file) ? Files.size(file) : 0;
    }

    private static long deleteTree(Path root) throws IOException {
        long size = 0;
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                if (Files.isRegularFile(path)) {
                    size += Files.size(path);
                }
                Files.delete(path);
            }
        }
        return size;
    }
}
