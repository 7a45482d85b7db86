package dev.pz.engine;

import java.util.List;
import java.util.Optional;

/**
 * {@code pz state show <key>}: the stored watermark, the value each prior run recorded for it
 * (newest first; unavailable when run artifacts cannot tell this key apart, with the reason), and
 * the newest manual changes from {@code .pz/state/audit.jsonl} with how many older ones exist.
 */
public record KeyHistory(StateOverview.WatermarkRow current, Optional<String> historyUnavailable,
        List<RecordedValue> history, List<ManualChange> changes, int olderChanges) {

    public KeyHistory {
        history = List.copyOf(history);
        changes = List.copyOf(changes);
    }

    /** What one run recorded: its id, the value, and the run's status (null when unknown). */
    public record RecordedValue(String runId, String value, String runStatus) {
    }

    /** One audit entry: when, which action, the new value (null when removed) and the reason given. */
    public record ManualChange(String at, String action, String to, String reason) {
    }
}
