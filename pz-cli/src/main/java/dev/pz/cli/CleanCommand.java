package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.artifacts.ByteCounts;
import dev.pz.engine.artifacts.Retention;
import dev.pz.engine.artifacts.RunDirectory;
import dev.pz.engine.artifacts.RunTemporaries;
import dev.pz.engine.model.RunIds;
import dev.pz.engine.load.Durations;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz clean}: reclaims disk from {@code .pz/runs}, free {@code .pz/tmp} workdirs and the
 * temporary files killed runs left in their outputs' {@code .pz-tmp} directories. Never touches
 * {@code .pz/state}, {@code .pz/target} or {@code .pz/packages}, never a live run, and reads nothing
 * of the project but project.yml's {@code state:}.
 */
@Command(name = "clean", mixinStandardHelpOptions = true,
        description = "Delete old runs' staging databases (or whole run directories with --purge).")
final class CleanCommand implements Callable<Integer> {
    private static final String STAGING = "staging.duckdb";
    private static final String STAGING_WAL = "staging.duckdb.wal";

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectDirectoryOption projectOption;

    @Option(names = "--keep-last", paramLabel = "N", description = "Keep the newest N runs (default 1; 0 selects every run).")
    String keepLast;

    @Option(names = "--older-than", paramLabel = "DUR", description = "Only runs older than DUR, e.g. 7d.")
    String olderThan;

    @Option(names = "--purge", description = "Delete whole run directories, not only their staging databases.")
    boolean purge;

    @Option(names = "--dry-run", description = "Report what would be deleted; delete nothing.")
    boolean dryRun;

    /** What the rules decided for one run directory. */
    private enum Decision { KEEP, LIVE, DELETE_STAGING, DELETE_DIRECTORY }

    @Override
    public Integer call() {
        if (keepLast != null && olderThan != null) {
            throw new PzException(PzCode.CLEAN_SELECTOR_CONFLICT, "--keep-last and --older-than are mutually exclusive — "
                    + "pass --keep-last N to keep the newest N runs, or --older-than DUR to sweep runs older than DUR");
        }
        int keep = keepLastCount();
        Optional<Duration> window = olderThanWindow();
        ManagementProject project = ManagementProject.open(projectOption, "clean", PzCommandLine.Root.console(spec).environment());
        if (!project.localArtifacts()) {
            throw project.unsupportedBackend("pz clean");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String prefix = dryRun ? "dry-run: " : "";
        Instant now = Instant.now();
        // First, while every run's list of temporary directories is still there (--purge deletes it).
        RunTemporaries.Sweep temporaries = RunTemporaries.sweepAbandoned(project.directory(), now, dryRun);

        int swept = 0;
        int kept = 0;
        long freed = 0;
        boolean failed = false;
        List<String> live = new ArrayList<>();
        List<Path> runs = Retention.orderedRuns(project.directory());
        for (int index = 0; index < runs.size(); index++) {
            Path run = runs.get(index);
            String runId = run.getFileName().toString();
            Decision decision = decide(run, index, keep, window, now);
            try {
                switch (decision) {
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
                failed = true;
                err.println("warning: could not clean " + runId + ": " + message(e));
            }
        }

        int workdirs = 0;
        long workdirBytes = 0;
        for (Path workdir : workdirs(project.directory())) {
            if (RunDirectory.isLive(workdir)) {
                continue;
            }
            try {
                workdirBytes += deleteTree(workdir);
                workdirs++;
            } catch (IOException | RuntimeException e) {
                failed = true;
                err.println("warning: could not clean " + workdir.getFileName() + ": " + message(e));
            }
        }

        if (swept == 0 && workdirs == 0 && live.isEmpty() && temporaries.files() == 0) {
            if (!failed) {
                out.println(prefix + "nothing to clean");
            }
            return failed ? ExitCodes.NODE_FAILURES : ExitCodes.OK;
        }
        if (swept > 0) {
            out.println(prefix + "swept   " + swept + " run(s) (" + (purge ? "whole directories" : "staging only")
                    + ") — freed " + ByteCounts.format(freed));
        }
        out.println(prefix + "kept    " + kept + " run(s)");
        live.forEach(runId -> out.println(prefix + "skipped " + runId + " (live run)"));
        if (workdirs > 0) {
            out.println(prefix + "swept   " + workdirs + " stale restore workdir(s) — freed " + ByteCounts.format(workdirBytes));
        }
        if (temporaries.files() > 0) {
            out.println(prefix + "swept   " + temporaries.files() + " temporary file(s) of killed runs — freed "
                    + ByteCounts.format(temporaries.bytes()));
        }
        if (keep == 0 && purge && live.isEmpty() && kept == 0 && !failed) {
            out.println(prefix + "note: no run directories remain — pz retry has nothing to target");
        }
        return failed ? ExitCodes.NODE_FAILURES : ExitCodes.OK;
    }

    /** What happens to the run at {@code index} of the newest-first list: live and newest runs stay. */
    private Decision decide(Path run, int index, int keep, Optional<Duration> window, Instant now) {
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

    private int keepLastCount() {
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

    private Optional<Duration> olderThanWindow() {
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

