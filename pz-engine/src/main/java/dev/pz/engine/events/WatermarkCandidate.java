package dev.pz.engine.events;

/**
 * The watermark a successful incremental source load proposes: its cursor, the cursor's type
 * ({@code int|bigint|decimal|date|timestamp}) and the canonical value of {@code max(cursor)}. It
 * becomes the stored watermark only when every downstream sink committed.
 */
public record WatermarkCandidate(String cursor, String type, String value) {
}
