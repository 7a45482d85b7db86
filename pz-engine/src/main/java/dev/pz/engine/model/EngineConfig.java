package dev.pz.engine.model;

import java.time.Duration;
import java.util.Map;

/**
 * project.yml {@code engine:}. {@code batchBytes} is null when unset (32 MiB is then used);
 * {@code breaker} and {@code nodeTimeout} are null when absent. {@code fusion} (pz for Java's own
 * {@code engine.fusion}, default false) lets the planner stream pass-through chains in one COPY.
 */
public record EngineConfig(int threads, Long batchBytes, boolean forceUniversal, boolean checkSamples,
        DuckDbSettings duckdb, BreakerConfig breaker, Duration nodeTimeout, boolean fusion) {

    public EngineConfig(int threads, Long batchBytes, boolean forceUniversal, boolean checkSamples,
            DuckDbSettings duckdb, BreakerConfig breaker, Duration nodeTimeout) {
        this(threads, batchBytes, forceUniversal, checkSamples, duckdb, breaker, nodeTimeout, false);
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
