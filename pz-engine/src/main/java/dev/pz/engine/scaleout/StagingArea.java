package dev.pz.engine.scaleout;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzValidationException;
import dev.pz.engine.json.AtomicFiles;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.ScaleOutConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The folder a sharded run stages in: {@code <staging>/<sink>/<run id>/} holds the frozen
 * {@code shard-plan.json} and one {@code shard-NNNN/} prefix per shard with its parquet files and,
 * last, its {@code _done.json} marker. Each shard touches only its own prefix; only a successful
 * commit removes the run's folder.
 */
final class StagingArea {
    static final String MARKER = "_done.json";
    private final Path run;

    private StagingArea(Path run) {
        this.run = run;
    }

    /** The run's folder for the flow writing {@code sink}; PZ0702 when project.yml names no staging folder. */
    static StagingArea of(Project project, String sink, String runId) {
        ScaleOutConfig config = project.scaleOut();
        if (config.staging() == null) {
            throw new PzValidationException(List.of(new PzError(PzCode.SCALE_OUT_STAGING_INVALID,
                    "sharded runs and pz commit need a staging folder, and project.yml names none", "project.yml", 0,
                    "add scale_out: {staging: <folder every shard process and the commit can reach>} to project.yml")));
        }
        Path root = project.directory().resolve(config.staging()).normalize();
        if (Files.exists(root) && !Files.isDirectory(root)) {
            throw new PzValidationException(List.of(new PzError(PzCode.SCALE_OUT_STAGING_INVALID,
                    "scale_out.staging '" + config.staging() + "' is not a folder", "project.yml", config.line(),
                    "point scale_out.staging at a folder (it is created when missing)")));
        }
        return new StagingArea(root.resolve(sink).resolve(runId));
    }

    Path planFile() {
        return run.resolve("shard-plan.json");
    }

    Path shard(int index) {
        return run.resolve(String.format("shard-%04d", index));
    }

    Path marker(int index) {
        return shard(index).resolve(MARKER);
    }

    boolean exists() {
        return Files.isDirectory(run);
    }

    /**
     * Stores {@code content} as the run's plan unless one is there already, and returns the plan
     * that is there: a hard link publishes the complete file under its name or fails because
     * another process got there first, so every process of the run reads one plan.
     */
    String freeze(String content) {
        Path target = planFile();
        try {
            Files.createDirectories(run);
            Optional<String> frozen = read(target);
            if (frozen.isPresent()) {
                return frozen.get();
            }
            Path draft = run.resolve(".shard-plan-" + UUID.randomUUID() + ".tmp");
            Files.writeString(draft, content, StandardCharsets.UTF_8);
            try {
                Files.createLink(target, draft);
            } catch (FileAlreadyExistsException lost) {
                // Another process of this run froze its plan first; that one counts.
            } finally {
                Files.deleteIfExists(draft);
            }
            return read(target).orElseThrow();
        } catch (IOException e) {
            throw new UncheckedIOException("could not freeze the shard plan at " + target + ": " + e.getMessage(), e);
        }
    }

    Optional<String> frozenPlan() {
        try {
            return read(planFile());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the shard plan at " + planFile() + ": " + e.getMessage(), e);
        }
    }

    /** Empties shard {@code index}'s prefix, marker first, so a half-cleared prefix never looks finished. */
    void clearShard(int index) {
        try {
            Files.deleteIfExists(marker(index));
            deleteTree(shard(index));
            Files.createDirectories(shard(index));
        } catch (IOException e) {
            throw new UncheckedIOException("could not clear " + shard(index) + ": " + e.getMessage(), e);
        }
    }

    void writeMarker(int index, String content) {
        AtomicFiles.writeString(marker(index), content);
    }

    Optional<String> readMarker(int index) {
        try {
            return read(marker(index));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + marker(index) + ": " + e.getMessage(), e);
        }
    }

    /** Removes the run's folder (after its commit), and the sink's folder when that leaves it empty. */
    void remove() {
        try {
            deleteTree(run);
            try (Stream<Path> left = Files.list(run.getParent())) {
                if (left.findAny().isEmpty()) {
                    Files.deleteIfExists(run.getParent());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove " + run + ": " + e.getMessage(), e);
        }
    }

    private static Optional<String> read(Path file) throws IOException {
        return Files.isRegularFile(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8)) : Optional.empty();
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
