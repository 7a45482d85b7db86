package dev.pz.engine;

import java.util.List;

/**
 * {@code pz state show}: the state backend ({@code local (default)}), notices about state files that
 * cannot be read (when any, nothing else is listed), and the stored watermarks and sync-state tokens
 * with the project-relative files they live in. Types and values carry their labels
 * ({@code (unknown type)}, {@code (non-canonical)}).
 */
public record StateOverview(String backend, List<String> corruptionNotices, String watermarkFile,
        boolean watermarksExist, List<WatermarkRow> watermarks, String syncStateFile, boolean syncStatesExist,
        List<SyncStateRow> syncStates) {

    public StateOverview {
        corruptionNotices = List.copyOf(corruptionNotices);
        watermarks = List.copyOf(watermarks);
        syncStates = List.copyOf(syncStates);
    }

    /** One stored watermark; {@code runId} null when unknown. */
    public record WatermarkRow(String key, String cursor, String type, String value, String runId) {
    }

    /** One stored sync-state token; {@code runId} null when unknown. */
    public record SyncStateRow(String key, String token, String runId) {
    }
}
