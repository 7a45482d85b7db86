package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.artifacts.Retention;
import dev.pz.engine.artifacts.RunDirectory;
import dev.pz.engine.artifacts.Timestamps;
import dev.pz.engine.state.AuditLog;
import dev.pz.engine.state.CursorValues;
import dev.pz.engine.state.RunHistory;
import dev.pz.engine.state.RunRecord;
import dev.pz.engine.state.SyncStateStore;
import dev.pz.engine.state.Watermark;
import dev.pz.engine.state.WatermarkStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code pz state show|rollback|set|clear} (spec/user-surface.md §2.8.13): inspect and repair stored
 * watermarks. Reads only project.yml's {@code state:}; edits change existing entries only, refuse while
 * a run is live (its advancement would overwrite the edit), and are recorded in
 * {@code .pz/state/audit.jsonl}. Sync-state entries are listed, never changed here.
 */
@Command(name = "state", mixinStandardHelpOptions = true, description = "Show or repair stored watermarks.",
        subcommands = {StateCommand.Show.class, StateCommand.Rollback.class, StateCommand.Set.class,
            StateCommand.Clear.class})
final class StateCommand implements Callable<Integer> {
    private static final int SHOWN_AUDIT_LINES = 5;

    @Spec
    CommandSpec spec;

    @ParentCommand
    PzCommandLine.Root root;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("error: pz state needs a subcommand: show, rollback, set or clear");
        return ExitCodes.CONFIG_ERROR;
    }

    /** {@code pz state show [<key>]}. */
    @Command(name = "show", mixinStandardHelpOptions = true, description = "List stored state, or one key in detail.")
    static final class Show implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ProjectDirectoryOption projectOption;

        @Parameters(arity = "0..1", paramLabel = "<key>", description = "A <source>.<dataset> key.")
        String key;

        @Override
        public Integer call() {
            ManagementProject project = ManagementProject.open(projectOption, "state show", PzCommandLine.Root.console(spec).environment());
            if (!project.localKeyedState()) {
                throw project.unsupportedBackend("pz state");
            }
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            WatermarkStore watermarks = WatermarkStore.local(project.directory());
            SyncStateStore syncStates = SyncStateStore.local(project.directory());
            out.println("state backend: " + project.backendDescription());
            List<String> notices = new ArrayList<>();
            watermarks.corruptionNotice().ifPresent(notices::add);
            syncStates.corruptionNotice().ifPresent(notices::add);
            if (!notices.isEmpty()) {
                notices.forEach(notice -> err.println("warning: " + notice));
                return ExitCodes.NODE_FAILURES;
            }
            if (key == null) {
                listAll(project, watermarks, syncStates, out);
            } else {
                showKey(project, watermarks, out);
            }
            return ExitCodes.OK;
        }

        private static void listAll(ManagementProject project, WatermarkStore watermarks, SyncStateStore syncStates,
                PrintWriter out) {
            out.println();
            String watermarkFile = project.relative(watermarks.file());
            if (!watermarks.exists()) {
                out.println("no watermark state (" + watermarkFile + " is absent)");
            } else {
                out.println("watermarks (" + watermarkFile + ")");
                out.println(String.format("%-28s %-16s %-10s %-30s %s", "key", "cursor", "type", "value", "run"));
                watermarks.all().forEach((key, watermark) -> out.println(String.format("%-28s %-16s %-10s %-30s %s", key,
                        watermark.cursor(), typeLabel(watermark.type()), valueLabel(watermark), orDash(watermark.runId()))));
            }
            if (syncStates.exists()) {
                out.println();
                out.println("sync-state (" + project.relative(syncStates.file()) + ")");
                out.println(String.format("%-28s %-30s %s", "key", "token", "run"));
                syncStates.all().forEach((key, state) -> out.println(String.format("%-28s %-30s %s", key, state.token(),
                        orDash(state.runId()))));
            }
        }

        private void showKey(ManagementProject project, WatermarkStore watermarks, PrintWriter out) {
            Watermark current = watermarks.get(key).orElseThrow(() -> new PzException(PzCode.STATE_KEY_NOT_FOUND,
                    "no stored watermark for '" + key + "' — run pz state show to list the keys that exist"
                            + " (for cdc sync state, use pz cdc status)"));
            out.println();
            out.println(key + " — cursor " + current.cursor() + " (" + typeLabel(current.type()) + ")");
            out.println(String.format("  current  %-30s run %s", valueLabel(current), orDash(current.runId())));
            out.println();
            out.println("history (.pz/runs/*/run_results.json, newest first)");
            Optional<String> ambiguity = StateKeys.ambiguity(key, watermarks.all().keySet());
            if (ambiguity.isPresent()) {
                out.println("history unavailable: " + ambiguity.get());
            } else {
                List<String> rows = new ArrayList<>();
                for (RunRecord run : RunHistory.list(project.directory())) {
                    StateKeys.recorded(run, key).ifPresent(recorded -> rows.add(String.format("  %-28s %-30s %s",
                            run.runId(), recorded.value(), orDash(run.status()))));
                }
                out.println(String.format("  %-28s %-30s %s", "run", "value", "run status"));
                if (rows.isEmpty()) {
                    out.println("  no run recorded a watermark for this key");
                }
                rows.forEach(out::println);
            }
            List<Map<String, Object>> changes = new ArrayList<>();
            for (Map<String, Object> entry : AuditLog.read(project.directory())) {
                if (key.equals(entry.get("key"))) {
                    changes.add(0, entry);
                }
            }
            if (!changes.isEmpty()) {
                out.println();
                out.println("manual changes (.pz/state/audit.jsonl, newest first)");
                for (Map<String, Object> change : changes.subList(0, Math.min(SHOWN_AUDIT_LINES, changes.size()))) {
                    Object to = change.get("to");
                    Object reason = change.get("reason");
                    out.println("  " + change.get("ts") + "  " + String.format("%-9s", change.get("action")) + " → "
                            + (to == null ? "removed" : to) + (reason == null ? "" : "  (" + reason + ")"));
                }
                if (changes.size() > SHOWN_AUDIT_LINES) {
                    out.println("  (" + (changes.size() - SHOWN_AUDIT_LINES) + " more in .pz/state/audit.jsonl)");
                }
            }
        }
    }

    /** Flags every edit takes. */
    static final class EditOptions {
        @Option(names = "--reason", paramLabel = "<text>", description = "Why; recorded in .pz/state/audit.jsonl.")
        String reason;

        @Option(names = "--dry-run", description = "Report the change; change nothing.")
        boolean dryRun;

        @Option(names = "--yes", description = "Do not ask for confirmation (required when stdin is not a terminal).")
        boolean yes;
    }

    /** {@code pz state rollback <key> --to-run <id>}. */
    @Command(name = "rollback", mixinStandardHelpOptions = true,
            description = "Move a watermark back to the value a prior run recorded.")
    static final class Rollback implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ParentCommand
        StateCommand parent;

        @Mixin
        ProjectDirectoryOption projectOption;

        @Mixin
        EditOptions options;

        @Parameters(arity = "0..1", paramLabel = "<key>", description = "A <source>.<dataset> key.")
        String key;

        @Option(names = "--to-run", paramLabel = "<id>", description = "The run whose recorded watermark to restore.")
        String toRun;

        @Override
        public Integer call() {
            return new Edit(spec, parent, projectOption, options, Action.ROLLBACK, key, null, toRun).apply();
        }
    }

    /** {@code pz state set <key> --value <v>}. */
    @Command(name = "set", mixinStandardHelpOptions = true, description = "Set a stored watermark to a value.")
    static final class Set implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ParentCommand
        StateCommand parent;

        @Mixin
        ProjectDirectoryOption projectOption;

        @Mixin
        EditOptions options;

        @Parameters(arity = "0..1", paramLabel = "<key>", description = "A <source>.<dataset> key.")
        String key;

        @Option(names = "--value", paramLabel = "<v>", description = "The new value, in the stored cursor type.")
        String value;

        @Override
        public Integer call() {
            return new Edit(spec, parent, projectOption, options, Action.SET, key, value, null).apply();
        }
    }

    /** {@code pz state clear <key>}. */
    @Command(name = "clear", mixinStandardHelpOptions = true,
            description = "Remove a stored watermark; the next run extracts the dataset in full.")
    static final class Clear implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ParentCommand
        StateCommand parent;

        @Mixin
        ProjectDirectoryOption projectOption;

        @Mixin
        EditOptions options;

        @Parameters(arity = "0..1", paramLabel = "<key>", description = "A <source>.<dataset> key.")
        String key;

        @Override
        public Integer call() {
            return new Edit(spec, parent, projectOption, options, Action.CLEAR, key, null, null).apply();
        }
    }

    enum Action {
        ROLLBACK("rollback"), SET("set"), CLEAR("clear");

        private final String word;

        Action(String word) {
            this.word = word;
        }
    }

    /** One edit, checked completely before it is reported, confirmed and applied. */
    private static final class Edit {
        private final CommandSpec spec;
        private final StateCommand parent;
        private final ProjectDirectoryOption projectOption;
        private final EditOptions options;
        private final Action action;
        private final String key;
        private final String value;
        private final String toRun;

        Edit(CommandSpec spec, StateCommand parent, ProjectDirectoryOption projectOption, EditOptions options,
                Action action, String key, String value, String toRun) {
            this.spec = spec;
            this.parent = parent;
            this.projectOption = projectOption;
            this.options = options;
            this.action = action;
            this.key = key;
            this.value = value;
            this.toRun = toRun;
        }

        int apply() {
            ManagementProject project = ManagementProject.open(projectOption, "state " + action.word,
                    PzCommandLine.Root.console(spec).environment());
            if (!project.localKeyedState()) {
                throw project.unsupportedBackend("pz state");
            }
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
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
            WatermarkStore store = WatermarkStore.local(project.directory());
            Optional<String> corrupt = store.corruptionNotice();
            if (corrupt.isPresent()) {
                err.println("warning: " + corrupt.get());
                return ExitCodes.NODE_FAILURES;
            }
            Watermark current = store.get(key).orElseThrow(() -> new PzException(PzCode.STATE_KEY_NOT_FOUND,
                    "no stored watermark for '" + key + "' — run pz state show to list the keys that exist"
                            + " (for cdc sync state, use pz cdc status)"));
            refuseWhileLive(project.directory());
            String target = switch (action) {
                case SET -> setTarget(current);
                case ROLLBACK -> rollbackTarget(project, store, current, out);
                case CLEAR -> null;
            };

            String prefix = options.dryRun ? "dry-run: " : "";
            List<String> report = new ArrayList<>();
            report.add(key + "  " + current.cursor() + " (" + current.type() + ")");
            report.add("  from  " + current.value() + "  (run " + orDash(current.runId()) + ")");
            if (target == null) {
                report.add("  to    (removed)");
                report.add("next run extracts this dataset IN FULL (no stored watermark)");
            } else {
                report.add("  to    " + target + (action == Action.ROLLBACK ? "  (run " + toRun + ")" : ""));
                report.add(direction(current, target));
            }
            report.forEach(line -> out.println(prefix + line));
            if (options.dryRun) {
                return ExitCodes.OK;
            }
            if (!options.yes) {
                if (!PzCommandLine.Root.console(parent.spec).interactive()) {
                    throw argument("pz state " + action.word + " changes stored state and stdin is not a terminal"
                            + " — re-run with --yes to confirm");
                }
                out.print("proceed? [y/N] ");
                out.flush();
                if (!confirmed()) {
                    out.println("cancelled — nothing changed");
                    return ExitCodes.OK;
                }
                refuseWhileLive(project.directory());
            }
            if (target == null) {
                store.remove(key);
            } else {
                store.set(key, current.withValue(target, Watermark.MANUAL_RUN_ID));
            }
            Map<String, Object> entry = auditEntry(current, target);
            try {
                AuditLog.append(project.directory(), entry);
            } catch (UncheckedIOException e) {
                err.println("warning: the state was changed but " + e.getMessage() + "; append this line to "
                        + ".pz/state/audit.jsonl by hand:");
                err.println(AuditLog.line(entry));
                return ExitCodes.NODE_FAILURES;
            }
            out.println("done — recorded in .pz/state/audit.jsonl");
            return ExitCodes.OK;
        }

        private String setTarget(Watermark current) {
            requireKnownType(current);
            return CursorValues.canonicalize(current.type(), value).orElseThrow(() -> new PzException(
                    new PzError(PzCode.STATE_VALUE_INVALID, "'" + value + "' is not a valid " + current.type()
                            + " value for '" + key + "'", null, 0, example(current.type()))));
        }

        /** The watermark the run recorded; a run that did not fully succeed is warned about on {@code out}. */
        private String rollbackTarget(ManagementProject project, WatermarkStore store, Watermark current,
                PrintWriter out) {
            requireKnownType(current);
            Optional<String> ambiguity = StateKeys.ambiguity(key, store.all().keySet());
            if (ambiguity.isPresent()) {
                throw new PzException(PzCode.STATE_ROLLBACK_TARGET_INVALID, "cannot roll back '" + key + "': "
                        + ambiguity.get() + " — use pz state set instead");
            }
            RunRecord run = RunHistory.list(project.directory()).stream().filter(record -> record.runId().equals(toRun))
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
                out.println("warning: run '" + toRun + "' did not fully succeed (status " + orDash(run.status())
                        + ") — its watermark may cover rows that were never delivered");
            }
            return target;
        }

        private void requireKnownType(Watermark current) {
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

        private Map<String, Object> auditEntry(Watermark current, String target) {
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
            entry.put("reason", options.reason);
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

        private static boolean confirmed() {
            try {
                String answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
                return answer != null && List.of("y", "Y", "yes", "YES").contains(answer.trim());
            } catch (IOException e) {
                return false;
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

        private static PzException argument(String message) {
            return new PzException(PzCode.STATE_ARGUMENT_INVALID, message);
        }
    }

    private static String typeLabel(String type) {
        return CursorValues.isCursorType(type) ? type : type + " (unknown type)";
    }

    private static String valueLabel(Watermark watermark) {
        if (!CursorValues.isCursorType(watermark.type())) {
            return watermark.value();
        }
        return CursorValues.canonicalize(watermark.type(), watermark.value()).filter(watermark.value()::equals).isPresent()
                ? watermark.value() : watermark.value() + " (non-canonical)";
    }

    private static String orDash(String text) {
        return text == null ? "-" : text;
    }
}
