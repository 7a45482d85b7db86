package dev.pz.engine;

import dev.pz.engine.state.AuditLog;
import dev.pz.engine.state.RunHistory;
import dev.pz.engine.state.RunRecord;
import dev.pz.engine.state.StateKeys;
import dev.pz.engine.state.SyncStateStore;
import dev.pz.engine.state.Watermark;
import dev.pz.engine.state.WatermarkEdit;
import dev.pz.engine.state.WatermarkLabels;
import dev.pz.engine.state.WatermarkStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads stored state for {@code pz state show}. */
final class StateViews {
    private static final int SHOWN_CHANGES = 5;

    private StateViews() {
    }

    static StateOverview overview(ManagedProject project) {
        WatermarkStore watermarks = WatermarkStore.local(project.directory());
        SyncStateStore syncStates = SyncStateStore.local(project.directory());
        List<String> notices = new ArrayList<>();
        watermarks.corruptionNotice().ifPresent(notices::add);
        syncStates.corruptionNotice().ifPresent(notices::add);
        List<StateOverview.WatermarkRow> watermarkRows = new ArrayList<>();
        List<StateOverview.SyncStateRow> syncRows = new ArrayList<>();
        if (notices.isEmpty()) {
            if (watermarks.exists()) {
                watermarks.all().forEach((key, watermark) -> watermarkRows.add(row(key, watermark)));
            }
            if (syncStates.exists()) {
                syncStates.all().forEach((key, state) -> syncRows.add(new StateOverview.SyncStateRow(key, state.token(),
                        state.runId())));
            }
        }
        return new StateOverview(project.backendDescription(), notices, project.relative(watermarks.file()),
                watermarks.exists(), watermarkRows, project.relative(syncStates.file()), syncStates.exists(), syncRows);
    }

    static KeyHistory history(ManagedProject project, String key) {
        WatermarkStore watermarks = WatermarkStore.local(project.directory());
        Watermark current = watermarks.get(key).orElseThrow(() -> WatermarkEdit.unknownKey(key));
        Optional<String> ambiguity = StateKeys.ambiguity(key, watermarks.all().keySet());
        List<KeyHistory.RecordedValue> history = new ArrayList<>();
        if (ambiguity.isEmpty()) {
            for (RunRecord run : RunHistory.list(project.directory())) {
                StateKeys.recorded(run, key).ifPresent(recorded -> history.add(new KeyHistory.RecordedValue(run.runId(),
                        recorded.value(), run.status())));
            }
        }
        List<KeyHistory.ManualChange> changes = new ArrayList<>();
        for (Map<String, Object> entry : AuditLog.read(project.directory())) {
            if (key.equals(entry.get("key"))) {
                changes.add(0, new KeyHistory.ManualChange(text(entry.get("ts")), text(entry.get("action")),
                        text(entry.get("to")), text(entry.get("reason"))));
            }
        }
        int older = Math.max(0, changes.size() - SHOWN_CHANGES);
        return new KeyHistory(row(key, current), ambiguity, history,
                changes.subList(0, Math.min(SHOWN_CHANGES, changes.size())), older);
    }

    private static StateOverview.WatermarkRow row(String key, Watermark watermark) {
        return new StateOverview.WatermarkRow(key, watermark.cursor(), WatermarkLabels.type(watermark.type()),
                WatermarkLabels.value(watermark), watermark.runId());
    }

    private static String text(Object value) {
        return value == null ? null : String.valueOf(value);
    }
}
