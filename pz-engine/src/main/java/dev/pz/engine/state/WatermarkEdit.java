package dev.pz.engine.state;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.artifacts.Retention;
import dev.pz.engine.artifacts.RunDirectory;
import dev.pz.engine.artifacts.Timestamps;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One manual change of a stored watermark ({@code pz state rollback|set|clear}), checked completely
 * before it is previewed, confirmed and applied. An edit changes an existing entry only, is refused
 * while a run is live (its advancement would overwrite the edit), and is recorded in
 * {@code .pz/state/audit.jsonl}.
 */
public final class WatermarkEdit {

    /** What the edit does to the stored watermark. */
    public enum Action {
        ROLLBACK("rollback"), SET("set"), CLEAR("clear");

        private final String word;

        Action(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /** The state was changed but its audit line could not be appended: the line to append by hand. */
    public record AuditFailure(String problem, String line) {
    }

    private final Path projectDirectory;
    private final Action action;
    private final String key;
    private final String toRun;
    private final String reason;
    private final WatermarkStore store;
    private final Watermark current;
    private final String target;
    private final List<String> warnings;
    private final String blockedBy;

    private WatermarkEdit(Path projectDirectory, Action action, String key, String toRun, String reason,
            WatermarkStore store, Watermark current, String target, List<String> warnings, String blockedBy) {
        this.projectDirectory = projectDirectory;
        this.action = action;
        this.key = key;
        this.toRun = toRun;
        this.reason = reason;
        this.store = store;
        this.current = current;
        this.target = target;
        this.warnings = List.copyOf(warnings);
        this.blockedBy = blockedBy;
    }

    /**
     * Checks the edit against the store, the run history and the live runs.
     *
     * @param value the new value for {@link Action#SET}, else ignored
     * @param toRun the run whose recorded value {@link Action#ROLLBACK} restores, else ignored
     * @throws PzException PZ0513 unknown key, PZ0514 bad rollback target, PZ0515 bad value, PZ0516 a
     *     missing argument, PZ0517 a live run
     */
    public static WatermarkEdit prepare(Path projectDirectory, Action action, String key, String value, String toRun,
            String reason) {
        return prepare(projectDirectory, LocalStateBackend.of(projectDirectory), action, key, value, toRun, reason);
    }

    /** {@link #prepare(Path, Action, String, String, String, String)} against the watermarks {@code backend} keeps. */
    public static WatermarkEdit prepare(Path projectDirectory, StateBackend backend, Action action, String key,
            String value, String toRun, String reason) {
        if (key == null || key.isBlank()) {
            throw argument("pz state " + action.word + " needs a <source>.<dataset> key — run pz state show to list them");
        }
        if (action == Action.SET && value == null) {
            throw argument("pz state set needs --value <v> — the new watermark value in the stored cursor type");
        }
        if (action == Action.ROLLBACK && toRun == null) {
            throw argument("pz state rollback needs --to-run <id> — the run whose recorded watermark to restore"
                    + " (pz runs lists them)");
        }
        WatermarkStore store = WatermarkStore.on(backend);
        Optional<String> corrupt = store.corruptionNotice();
        if (corrupt.isPresent()) {
            return new WatermarkEdit(projectDirectory, action, key, toRun, reason, store, null, null, List.of(),
                    corrupt.get());
        }
        Watermark current = store.get(key).orElseThrow(() -> unknownKey(key));
        refuseWhileLive(projectDirectory);
        List<String> warnings = new ArrayList<>();
        String target = switch (action) {
            case SET -> setTarget(key, current, value);
            case ROLLBACK -> rollbackTarget(projectDirectory, store, key, current, toRun, warnings);
            case CLEAR -> null;
        };
        return new WatermarkEdit(projectDirectory, action, key, toRun, reason, store, current, target, warnings, null);
    }

    /** PZ0513 for a key with no stored watermark. */
    public static PzException unknownKey(String key) {
        return new PzException(PzCode.STATE_KEY_NOT_FOUND, "no stored watermark for '" + key + "' — run pz state show"
                + " to list the keys that exist (for cdc sync state, use pz cdc status)");
    }

    /** Why the edit cannot be made at all (the watermark file is corrupt), if it cannot. */
    public Optional<String> blockedBy() {
        return Optional.ofNullable(blockedBy);
    }

    /** Things the user should know before confirming, e.g. a rollback to a run that did not succeed. */
    public List<String> warnings() {
        return warnings;
    }

    /** What the edit changes and what the next run will then do, one line each. */
    public List<String> preview() {
        List<String> lines = new ArrayList<>();
        lines.add(key + "  " + current.cursor() + " (" + current.type() + ")");
        lines.add("  from  " + current.value() + "  (run " + orDash(current.runId()) + ")");
        if (target == null) {
            lines.add("  to    (removed)");
            lines.add("next run extracts this dataset IN FULL (no stored watermark)");
        } else {
            lines.add("  to    " + target + (action == Action.ROLLBACK ? "  (run " + toRun + ")" : ""));
            lines.add(direction(current, target));
        }
        return lines;
    }

    /**
     * Changes the stored watermark, then appends the audit entry. Refused (PZ0517) when a run went live
     * since {@link #prepare}.
     *
     * @return the audit line to append by hand when the state changed but its audit could not be written
     */
    public Optional<AuditFailure> apply() {
        refuseWhileLive(projectDirectory);
        store.replace(key, current, target == null ? null : current.withValue(target, Watermark.MANUAL_RUN_ID));
        Map<String, Object> entry = auditEntry();
        try {
            AuditLog.append(projectDirectory, entry);
            return Optional.empty();
        } catch (UncheckedIOException e) {
            return Optional.of(new AuditFailure(e.getMessage(), AuditLog.line(entry)));
        }
    }

    private static String setTarget(String key, Watermark current, String value) {
        requireKnownType(key, current);
        return CursorValues.canonicalize(current.type(), value).orElseThrow(() -> new PzException(
                new PzError(PzCode.STATE_VALUE_INVALID, "'" + value + "' is not a valid " + current.type()
                        + " value for '" + key + "'", null, 0, example(current.type()))));
    }

    private static String rollbackTarget(Path projectDirectory, WatermarkStore store, String key, Watermark current,
            String toRun, List<String> warnings) {
        requireKnownType(key, current);
        Optional<String> ambiguity = StateKeys.ambiguity(key, store.all().keySet());
        if (ambiguity.isPresent()) {
            throw new PzException(PzCode.STATE_ROLLBACK_TARGET_INVALID, "cannot roll back '" + key + "': "
                    + ambiguity.get() + " — use pz state set instead");
        }
        RunRecord run = RunHistory.list(projectDirectory).stream().filter(record -> record.runId().equals(toRun))
                .findFirst().orElseThrow(() -> new PzException(PzCode.STATE_ROLLBACK_TARGET_INVALID, "run '" + toRun
                        + "' has no readable run_results.json in .pz/runs — it is unknown or was purged by pz clean"
                        + " (pz runs lists the runs that remain)"));
        Watermark recorded = StateKeys.recorded(run, key).orElseThrow(() -> new PzException(
                PzCode.STATE_ROLLBACK_TARGET_INVALID, "run '" + toRun + "' recorded no watermark for '" + key + "'"
                        + StateKeys.nodeName(key).map(node -> " (node " + node + ")").orElse("")
                        + " — pick a run that extracted it, or use pz state set"));
        if (!recorded.type().equals(current.type()) || !recorded.cursor().equals(current.cursor())) {
            throw new PzException(PzCode.STATE_ROLLBACK_TARGET_INVALID, "run '" + toRun + "' recorded cursor "
                    + recorded.cursor() + " (" + recorded.type() + ") for '" + key + "', but the stored watermark is on"
                    + " cursor " + current.cursor() + " (" + current.type() + ")");
        }
        String target = CursorValues.canonicalize(recorded.type(), recorded.value()).orElseThrow(() -> new PzException(
                PzCode.STATE_ROLLBACK_TARGET_INVALID, "run '" + toRun + "' recorded '" + recorded.value()
                        + "', which is not a valid " + recorded.type() + " value"));
        if (CursorValues.canonicalize(current.type(), current.value()).isPresent()
                && CursorValues.compare(current.type(), target, current.value()) > 0) {
            throw new PzException(PzCode.STATE_VALUE_INVALID, "rolling '" + key + "' back to run '" + toRun
                    + "' would move it forward (" + current.value() + " → " + target + ") — use pz state set to move"
                    + " a watermark forward");
        }
        if (!"success".equals(run.status())) {
            warnings.add("run '" + toRun + "' did not fully succeed (status " + orDash(run.status())
                    + ") — its watermark may cover rows that were never delivered");
        }
        return target;
    }

    private static void requireKnownType(String key, Watermark current) {
        if (!CursorValues.isCursorType(current.type())) {
            throw new PzException(PzCode.STATE_VALUE_INVALID, "'" + key + "' is stored with unknown cursor type '"
                    + current.type() + "', so pz cannot compare or canonicalize its values — pz state clear " + key
                    + " is the only remedy");
        }
    }

    private static String direction(Watermark current, String target) {
        if (!CursorValues.canonicalize(current.type(), current.value()).equals(Optional.of(current.value()))) {
            return "next run extracts where " + current.cursor() + " > " + target + " — pz cannot compare that with"
                    + " the stored '" + current.value() + "', which is not a canonical " + current.type()
                    + " value, so whether rows are skipped or read again is unknown";
        }
        int order = CursorValues.compare(current.type(), target, current.value());
        if (order > 0) {
            return "next run skips rows where " + current.cursor() + " <= " + target + " — they will never be extracted";
        }
        if (order < 0) {
            return "next run re-extracts where " + current.cursor() + " > " + target
                    + " — against an append-mode sink that duplicates those rows";
        }
        return "next run extracts where " + current.cursor() + " > " + target + " (value unchanged)";
    }

    private Map<String, Object> auditEntry() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("ts", Timestamps.format(Instant.now()));
        entry.put("action", action.word);
        entry.put("key", key);
        entry.put("cursor", current.cursor());
        entry.put("type", current.type());
        entry.put("from", current.value());
        entry.put("fromRunId", current.runId());
        entry.put("to", target);
        entry.put("target", switch (action) {
            case ROLLBACK -> "run:" + toRun;
            case SET -> "value";
            case CLEAR -> null;
        });
        entry.put("reason", reason);
        return entry;
    }

    private static void refuseWhileLive(Path projectDirectory) {
        for (Path run : Retention.orderedRuns(projectDirectory)) {
            if (RunDirectory.isLive(run)) {
                throw new PzException(PzCode.STATE_RUN_IN_FLIGHT, "run '" + run.getFileName() + "' is in flight and"
                        + " its watermark advancement would overwrite this change — wait for it to finish, then retry");
            }
        }
    }

    private static String example(String type) {
        return switch (type) {
            case "int", "bigint" -> "write an integer, e.g. --value 42";
            case "decimal" -> "write a decimal number, e.g. --value 12.50";
            case "date" -> "write a date as yyyy-MM-dd, e.g. --value 2026-07-01";
            default -> "write a UTC timestamp as yyyy-MM-ddTHH:mm:ss[.ffffff] or a date, e.g. --value 2026-07-01";
        };
    }

    /** PZ0516 for a missing or misplaced argument. */
    public static PzException argument(String message) {
        return new PzException(PzCode.STATE_ARGUMENT_INVALID, message);
    }

    private static String orDash(String text) {
        return text == null ? "-" : text;
    }
}
