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
        this(threads, batchBytes, forceUniversal, checkSamples, duckdb, breaker, nodeTimeout, FusionScope.CHAINS);
    }

    /**
     * What {@code engine.fusion} lets the planner fuse (see {@code docs/performance.md}).
     * {@link #NONE} ({@code fusion: false}): every source load and pipeline is staged as a table.
     * {@link #CHAINS} (unset, the default): a pass-through chain of one source is a view over its
     * files streamed by one COPY that its source node runs; a pipeline that is not such a chain but
     * whose one consumer is a native file write is a view whose node runs that write's COPY, its
     * sources staged as before.
     * {@link #ALL_CHAINS} ({@code fusion: true}): as {@link #CHAINS}, and pass-through chains of
     * several sources too, whose COPY (and so any failure to read a source) is the pipeline node's.
     */
    public enum FusionScope {
        NONE, CHAINS, ALL_CHAINS;

        /** The scope {@code engine.fusion: <on>} asks for. */
        public static FusionScope of(boolean on) {
            return on ? ALL_CHAINS : NONE;
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
