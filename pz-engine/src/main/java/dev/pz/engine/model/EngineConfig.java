package dev.pz.engine.model;

import java.time.Duration;

/**
 * project.yml {@code engine:}. {@code batchBytes} is null when unset (32 MiB is then used);
 * {@code breaker} and {@code nodeTimeout} are null when absent.
 */
public record EngineConfig(int threads, Long batchBytes, boolean forceUniversal, boolean checkSamples,
        DuckDbSettings duckdb, BreakerConfig breaker, Duration nodeTimeout) {

    public static final int DEFAULT_THREADS = 4;

    public static EngineConfig defaults() {
        return new EngineConfig(DEFAULT_THREADS, null, false, true, DuckDbSettings.unset(), null, null);
    }

    /** {@code engine.duckdb:}: each value null when unset. */
    public record DuckDbSettings(String memoryLimit, Integer threads, String tempDirectory) {
        public static DuckDbSettings unset() {
            return new DuckDbSettings(null, null, null);
        }
    }

    /** {@code engine.breaker:}. */
    public record BreakerConfig(int failureThreshold, Duration coolDown) {
    }
}
