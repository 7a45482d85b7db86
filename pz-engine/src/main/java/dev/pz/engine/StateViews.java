package dev.pz.engine;

import dev.pz.engine.state.AuditLog;
import dev.pz.engine.state.RunHistory;
import dev.pz.engine.state.RunRecord;
import dev.pz.engine.state.SchemaBaselineStore;
import dev.pz.engine.state.StateBackend;
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
        try (StateBackend backend = project.openState()) {
            WatermarkStore watermarks = WatermarkStore.on(backend);
            SyncStateStore syncStates = SyncStateStore.on(backend);
            SchemaBaselineStore baselines = SchemaBaselineStore.on(backend);
            List<String> notices = new ArrayList<>();
            watermarks.corruptionNotice().ifPresent(notices::add);
            syncStates.corruptionNotice().ifPresent(notices::add);
            baselines.corruptionNotice().ifPresent(notices::add);
            List<StateOverview.WatermarkRow> watermarkRows = new ArrayList<>();
            List<StateOverview.SyncStateRow> syncRows = new ArrayList<>();
            List<StateOverview.BaselineRow> baselineRows = new ArrayList<>();
            if (notices.isEmpty()) {
                watermarks.all().forEach((key, watermark) -> watermarkRows.add(row(key, watermark)));
                syncStates.all().forEach((key, state) -> syncRows.add(new StateOverview.SyncStateRow(key, state.token(),
                        state.runId())));
                baselines.all().forEach((key, baseline) -> baselineRows.add(new StateOverview.BaselineRow(key,
                        baseline.columns().stream().map(column -> column.name() + " " + column.type()).toList(),
                        baseline.runId())));
            }
            boolean remote = !backend.isLocal();
            return new StateOverview(project.backendDescription(), notices,
                    where(project, backend, watermarks.file()), remote ? !watermarkRows.isEmpty() : watermarks.exists(),
                    watermarkRows, where(project, backend, syncStates.file()),
                    remote ? !syncRows.isEmpty() : syncStates.exists(), syncRows, remote,
                    where(project, backend, baselines.file()), baselineRows);
        }
    }

    private static String where(ManagedProject project, StateBackend backend, java.nio.file.Path file) {
        return file == null ? backend.description() : project.relative(file);
    }

    static KeyHistory history(ManagedProject project, String key) {
        Map<String, Watermark> stored;
        try (StateBackend backend = project.openState()) {
            stored = WatermarkStore.on(backend).all();
        }
        Watermark current = Optional.ofNullable(stored.get(key)).orElseThrow(() -> WatermarkEdit.unknownKey(key));
        Optional<String> ambiguity = StateKeys.ambiguity(key, stored.keySet());
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
