package dev.pz.engine.artifacts;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.load.Durations;
import dev.pz.engine.model.RunIds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code pz clean}: reclaims disk from {@code .pz/runs}, free {@code .pz/tmp} workdirs and the
 * temporary files killed runs left in their outputs' {@code .pz-tmp} directories. Never touches
 * {@code .pz/state}, {@code .pz/target} or {@code .pz/packages}, and never a live run. Runs
 * newest first: the newest {@code keep} are kept (or, with an age window, those not older than it),
 * and of the rest either the staging database goes or, with {@code purge}, the whole directory.
 */
public final class RunCleaner {
    private static final String STAGING = "staging.duckdb";
    private static final String STAGING_WAL = "staging.duckdb.wal";

    /** What the rules decided for one run directory. */
    private enum Decision { KEEP, LIVE, DELETE_STAGING, DELETE_DIRECTORY }

    /**
     * What a clean did (or, dry, would do): runs swept and kept with the bytes freed, live runs
     * skipped, stale workdirs swept, killed runs' temporaries deleted, and one warning per directory
     * that could not be cleaned.
     */
    public record Outcome(int swept, int kept, long freedBytes, List<String> liveRuns, int workdirs, long workdirBytes,
            RunTemporaries.Sweep temporaries, List<String> warnings) {
    }

    private final int keep;
    private final Optional<Duration> window;
    private final boolean purge;
    private final boolean dryRun;

    private RunCleaner(int keep, Optional<Duration> window, boolean purge, boolean dryRun) {
        this.keep = keep;
        this.window = window;
        this.purge = purge;
        this.dryRun = dryRun;
    }

    /**
     * @param keepLast {@code --keep-last} as typed, or null (1)
     * @param olderThan {@code --older-than} as typed, or null
     * @throws PzException PZ0511 when both are given, PZ0512 when one is malformed
     */
    public static RunCleaner of(String keepLast, String olderThan, boolean purge, boolean dryRun) {
        if (keepLast != null && olderThan != null) {
            throw new PzException(PzCode.CLEAN_SELECTOR_CONFLICT, "--keep-last and --older-than are mutually exclusive — "
                    + "pass --keep-last N to keep the newest N runs, or --older-than DUR to sweep runs older than DUR");
        }
        return new RunCleaner(keepLastCount(keepLast), olderThanWindow(olderThan), purge, dryRun);
    }

    /** Whether nothing remains for {@code pz retry} once {@code outcome} is done. */
    public boolean leavesNoRun(Outcome outcome) {
        return keep == 0 && purge && outcome.liveRuns().isEmpty() && outcome.kept() == 0 && outcome.warnings().isEmpty();
    }

    public Outcome clean(Path projectDirectory, Instant now) {
        // First, while every run's list of temporary directories is still there (--purge deletes it).
        RunTemporaries.Sweep temporaries = RunTemporaries.sweepAbandoned(projectDirectory, now, dryRun);
        int swept = 0;
        int kept = 0;
        long freed = 0;
        List<String> warnings = new ArrayList<>();
        List<String> live = new ArrayList<>();
        List<Path> runs = Retention.orderedRuns(projectDirectory);
        for (int index = 0; index < runs.size(); index++) {
            Path run = runs.get(index);
            String runId = run.getFileName().toString();
            try {
                switch (decide(run, index, now)) {
                    case LIVE -> live.add(runId);
                    case KEEP -> kept++;
                    case DELETE_STAGING -> {
                        freed += deleteFiles(List.of(run.resolve(STAGING), run.resolve(STAGING_WAL)));
                        swept++;
                    }
                    case DELETE_DIRECTORY -> {
                        freed += deleteTree(run);
                        swept++;
                    }
                }
            } catch (IOException | RuntimeException e) {
                warnings.add("could not clean " + runId + ": " + message(e));
            }
        }
        int workdirs = 0;
        long workdirBytes = 0;
        for (Path workdir : workdirs(projectDirectory)) {
            if (RunDirectory.isLive(workdir)) {
                continue;
            }
            try {
                workdirBytes += deleteTree(workdir);
                workdirs++;
            } catch (IOException | RuntimeException e) {
                warnings.add("could not clean " + workdir.getFileName() + ": " + message(e));
            }
        }
        return new Outcome(swept, kept, freed, live, workdirs, workdirBytes, temporaries, warnings);
    }

    private Decision decide(Path run, int index, Instant now) {
        if (RunDirectory.isLive(run)) {
            return Decision.LIVE;
        }
        if (index < keep) {
            return Decision.KEEP;
        }
        if (window.isPresent()) {
            Optional<Instant> startedAt = RunIds.startedAt(run.getFileName().toString());
            if (startedAt.isEmpty() || Duration.between(startedAt.get(), now).compareTo(window.get()) <= 0) {
                return Decision.KEEP;
            }
        }
        if (purge) {
            return Decision.DELETE_DIRECTORY;
        }
        return Files.exists(run.resolve(STAGING)) || Files.exists(run.resolve(STAGING_WAL))
                ? Decision.DELETE_STAGING : Decision.KEEP;
    }

    private static int keepLastCount(String keepLast) {
        if (keepLast == null) {
            return 1;
        }
        try {
            int count = Integer.parseInt(keepLast);
            if (count >= 0) {
                return count;
            }
        } catch (NumberFormatException notANumber) {
            // Reported below with the same message as a negative count.
        }
        throw new PzException(PzCode.CLEAN_SELECTOR_INVALID, "--keep-last must be 0 or greater (got '" + keepLast
                + "') — 0 selects every run, 1 keeps the newest");
    }

    private static Optional<Duration> olderThanWindow(String olderThan) {
        if (olderThan == null) {
            return Optional.empty();
        }
        Optional<Duration> window = Durations.parse(olderThan).filter(duration -> !duration.isZero());
        if (window.isEmpty()) {
            throw new PzException(PzCode.CLEAN_SELECTOR_INVALID,
                    "--older-than must be a positive duration like 500ms, 2s, 5m, 1h, or 7d (got '" + olderThan + "')");
        }
        return window;
    }

    private long deleteFiles(List<Path> files) throws IOException {
        long size = 0;
        for (Path file : files) {
            if (Files.exists(file)) {
                size += Files.size(file);
                if (!dryRun) {
                    Files.delete(file);
                }
            }
        }
        return size;
    }

    private long deleteTree(Path root) throws IOException {
        long size = 0;
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path path : paths) {
            if (Files.isRegularFile(path)) {
                size += Files.size(path);
            }
        }
        if (!dryRun) {
            for (Path path : paths) {
                Files.delete(path);
            }
        }
        return size;
    }

    private static List<Path> workdirs(Path projectDirectory) {
        Path tmp = projectDirectory.resolve(".pz").resolve("tmp");
        if (!Files.isDirectory(tmp)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(tmp)) {
            return entries.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
