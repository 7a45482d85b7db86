package dev.pz.engine.state;

/**
 * One node of a prior run's {@code run_results.json}. {@code provenance} is {@code reused},
 * {@code carried_forward} or null; {@code errorCode}/{@code errorMessage} are null for a node without
 * an error; {@code watermark} is the slice a SourceLoad recorded (its run id is null), or null.
 */
public record NodeRecord(String id, String kind, String name, String status, String provenance, long rows,
        long durationMs, String errorCode, String errorMessage, Watermark watermark) {
}
