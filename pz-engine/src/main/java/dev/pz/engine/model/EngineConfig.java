package dev.pz.engine.model;

import java.time.Duration;
import java.util.Map;

/**
 * project.yml {@code engine:}. {@code batchBytes} is null when unset (32 MiB is then used);
 * {@code breaker} and {@code nodeTimeout} are null when absent. {@code fusion} is pz for Java's own
 * {@code engine.fusion}: how much of a chain the planner may stream in one COPY instead of staging it.
 */
public record EngineConfig(int threads, Long batchBytes, boolean forceUniversal, boolean checkSamples,
        DuckDbSettings duckdb, BreakerConfig breaker, Duration nodeTimeout, FusionScope fusion) {

    public EngineConfig {
        java.util.Objects.requireNonNull(fusion, "fusion");
    }

    public EngineConfig(int threads, Long batchBytes, boolean forceUniversal, boolean checkSamples,
            DuckDbSettings duckdb, BreakerConfig breaker, Duration nodeTimeout) {
        this(threads, batchBytes, forceUniversal, checkSamples, duckdb, breaker, nodeTimeout, FusionScope.PIPELINES);
    }

    /**
     * What {@code engine.fusion} lets the planner fuse (see {@code docs/performance.md}).
     * {@link #NONE} ({@code fusion: false}): every source load and pipeline is staged as a table.
     * {@link #PIPELINES} (unset, the default): a pipeline whose one consumer is a native file write is
     * a view, and its node runs that write's COPY; its sources are staged as before.
     * {@link #CHAINS} ({@code fusion: true}): whole pass-through chains, sources included, become
     * views streamed by one COPY; other pipelines as with {@link #PIPELINES}.
     */
    public enum FusionScope {
        NONE, PIPELINES, CHAINS;

        /** The scope {@code engine.fusion: <on>} asks for. */
        public static FusionScope of(boolean on) {
            return on ? CHAINS : NONE;
        }
    }

    public static final int DEFAULT_THREADS = 4;

    public static EngineConfig defaults() {
        return new EngineConfig(DEFAULT_THREADS, null, false, true, DuckDbSettings.unset(), null, null);
    }

    /**
     * {@code engine.duckdb:}: each value null when unset; {@code locations} says where each set key
     * ({@code memory_limit}, {@code threads}, {@code temp_directory}) was written, for the errors of
     * checks that run after loading (DuckDB itself judges the values).
     */
    public record DuckDbSettings(String memoryLimit, Integer threads, String tempDirectory,
            Map<String, SourceLocation> locations) {

        public DuckDbSettings {
            locations = Map.copyOf(locations);
        }

        public DuckDbSettings(String memoryLimit, Integer threads, String tempDirectory) {
            this(memoryLimit, threads, tempDirectory, Map.of());
        }

        public static DuckDbSettings unset() {
            return new DuckDbSettings(null, null, null);
        }

        /** Where {@code key} was written, or the file alone when unknown. */
        public SourceLocation location(String key) {
            return locations.getOrDefault(key, SourceLocation.file("project.yml"));
        }
    }

    /** {@code engine.breaker:}. */
    public record BreakerConfig(int failureThreshold, Duration coolDown) {
    }
}
