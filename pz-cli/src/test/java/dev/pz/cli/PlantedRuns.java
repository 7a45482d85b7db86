package dev.pz.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Plants fake prior runs under {@code .pz/runs} the way a real run leaves them. */
public final class PlantedRuns {
    private final Path project;

    private PlantedRuns(Path project) {
        this.project = project;
    }

    public static PlantedRuns in(Path project) {
        return new PlantedRuns(project);
    }

    public Path directory(String runId) {
        return project.resolve(".pz/runs").resolve(runId);
    }

    /** A run directory holding {@code run_results.json} with exactly {@code json}. */
    public PlantedRuns results(String runId, String json) {
        write(directory(runId).resolve("run_results.json"), json.getBytes(StandardCharsets.UTF_8));
        return this;
    }

    /** A terminal run_results.json with the given status, times and node entries (raw JSON objects). */
    public PlantedRuns run(String runId, String status, String startedAt, String finishedAt, String... nodes) {
        return results(runId, "{\"version\":1,\"runId\":\"" + runId + "\",\"status\":\"" + status + "\",\"startedAt\":\""
                + startedAt + "\"" + (finishedAt == null ? "" : ",\"finishedAt\":\"" + finishedAt + "\"")
                + ",\"nodes\":[" + String.join(",", nodes) + "]}\n");
    }

    /** A staging database of {@code size} bytes in the run's directory. */
    public PlantedRuns staging(String runId, int size) {
        write(directory(runId).resolve("staging.duckdb"), new byte[size]);
        return this;
    }

    /** A node entry of run_results.json. */
    public static String node(String name, String kind, String status, String provenance, String watermarkJson) {
        return "{\"id\":\"0123456789abcdef\",\"kind\":\"" + kind + "\",\"name\":\"" + name + "\",\"status\":\"" + status
                + "\"" + (provenance == null ? "" : ",\"provenance\":\"" + provenance + "\"")
                + ",\"rows\":1,\"durationMs\":2,\"error\":null"
                + (watermarkJson == null ? "" : ",\"watermark\":" + watermarkJson) + "}";
    }

    /** Holds the run's {@code .lock} as a live pz process does, until closed. */
    public LiveRun live(String runId) {
        try {
            Files.createDirectories(directory(runId));
            FileChannel channel = FileChannel.open(directory(runId).resolve(".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new IllegalStateException("lock already held");
            }
            return new LiveRun(channel, lock);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A held run-directory lock. */
    public record LiveRun(FileChannel channel, FileLock lock) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            lock.release();
            channel.close();
        }
    }

    private static void write(Path file, byte[] content) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
