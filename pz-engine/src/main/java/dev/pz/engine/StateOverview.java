package dev.pz.engine;

import java.util.List;

/**
 * {@code pz state show}: the state backend ({@code local (default)}), notices about state that
 * cannot be read (when any, nothing else is listed), and the stored watermarks, sync-state tokens and
 * schema baselines with where they live: a project-relative file, or for a shared backend its
 * description ({@code remote} true). Types and values carry their labels ({@code (unknown type)},
 * {@code (non-canonical)}).
 */
public record StateOverview(String backend, List<String> corruptionNotices, String watermarkFile,
        boolean watermarksExist, List<WatermarkRow> watermarks, String syncStateFile, boolean syncStatesExist,
        List<SyncStateRow> syncStates, boolean remote, String baselineFile, List<BaselineRow> baselines) {

    public StateOverview {
        corruptionNotices = List.copyOf(corruptionNotices);
        watermarks = List.copyOf(watermarks);
        syncStates = List.copyOf(syncStates);
        baselines = List.copyOf(baselines);
    }

    /** One accepted schema baseline: its columns as {@code name TYPE} and the run that stored it. */
    public record BaselineRow(String key, List<String> columns, String runId) {
    }

    /** One stored watermark; {@code runId} null when unknown. */
    public record WatermarkRow(String key, String cursor, String type, String value, String runId) {
    }

    /** One stored sync-state token; {@code runId} null when unknown. */
    public record SyncStateRow(String key, String token, String runId) {
    }
}
