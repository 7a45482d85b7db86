package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.KeyHistory;
import dev.pz.engine.PzEngine;
import dev.pz.engine.StateEdit;
import dev.pz.engine.StateEditRequest;
import dev.pz.engine.StateOverview;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
 * {@code pz state show|rollback|set|clear}: inspect and repair stored watermarks. The engine reads
 * only project.yml's {@code state:} and owns the rules (an edit changes an existing entry only, is
 * refused while a run is live, and is recorded in {@code .pz/state/audit.jsonl}); this command
 * renders, asks for confirmation and maps to exit codes. Sync-state entries are listed, never changed.
 */
@Command(name = "state", mixinStandardHelpOptions = true, description = "Show or repair stored watermarks.",
        subcommands = {StateCommand.Show.class, StateCommand.Rollback.class, StateCommand.Set.class,
            StateCommand.Clear.class})
final class StateCommand implements Callable<Integer> {
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
            PzEngine engine = PzCommandLine.Root.engine(spec);
            StateOverview overview = engine.stateOverview(projectOption.directory());
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            out.println("state backend: " + overview.backend());
            if (!overview.corruptionNotices().isEmpty()) {
                overview.corruptionNotices().forEach(notice -> err.println("warning: " + notice));
                return ExitCodes.NODE_FAILURES;
            }
            if (key == null) {
                listAll(overview, out);
            } else {
                showKey(engine.stateHistory(projectOption.directory(), key), out);
            }
            return ExitCodes.OK;
        }

        private static void listAll(StateOverview overview, PrintWriter out) {
            out.println();
            if (!overview.watermarksExist()) {
                out.println(overview.remote() ? "no watermark state"
                        : "no watermark state (" + overview.watermarkFile() + " is absent)");
            } else {
                out.println("watermarks (" + overview.watermarkFile() + ")");
                out.println(String.format("%-28s %-16s %-10s %-30s %s", "key", "cursor", "type", "value", "run"));
                overview.watermarks().forEach(row -> out.println(String.format("%-28s %-16s %-10s %-30s %s", row.key(),
                        row.cursor(), row.type(), row.value(), orDash(row.runId()))));
            }
            if (overview.syncStatesExist()) {
                out.println();
                out.println("sync-state (" + overview.syncStateFile() + ")");
                out.println(String.format("%-28s %-30s %s", "key", "token", "run"));
                overview.syncStates().forEach(row -> out.println(String.format("%-28s %-30s %s", row.key(), row.token(),
                        orDash(row.runId()))));
            }
            if (!overview.baselines().isEmpty()) {
                out.println();
                out.println("schema baselines (" + overview.baselineFile() + ")");
                out.println(String.format("%-28s %-30s %s", "key", "columns", "run"));
                overview.baselines().forEach(row -> out.println(String.format("%-28s %-30s %s", row.key(),
                        String.join(", ", row.columns()), orDash(row.runId()))));
            }
        }

        private void showKey(KeyHistory history, PrintWriter out) {
            StateOverview.WatermarkRow current = history.current();
            out.println();
            out.println(key + " — cursor " + current.cursor() + " (" + current.type() + ")");
            out.println(String.format("  current  %-30s run %s", current.value(), orDash(current.runId())));
            out.println();
            out.println("history (.pz/runs/*/run_results.json, newest first)");
            if (history.historyUnavailable().isPresent()) {
                out.println("history unavailable: " + history.historyUnavailable().get());
            } else {
                out.println(String.format("  %-28s %-30s %s", "run", "value", "run status"));
                if (history.history().isEmpty()) {
                    out.println("  no run recorded a watermark for this key");
                }
                history.history().forEach(recorded -> out.println(String.format("  %-28s %-30s %s", recorded.runId(),
                        recorded.value(), orDash(recorded.runStatus()))));
            }
            if (!history.changes().isEmpty()) {
                out.println();
                out.println("manual changes (.pz/state/audit.jsonl, newest first)");
                for (KeyHistory.ManualChange change : history.changes()) {
                    out.println("  " + change.at() + "  " + String.format("%-9s", change.action()) + " → "
                            + (change.to() == null ? "removed" : change.to())
                            + (change.reason() == null ? "" : "  (" + change.reason() + ")"));
                }
                if (history.olderChanges() > 0) {
                    out.println("  (" + history.olderChanges() + " more in .pz/state/audit.jsonl)");
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
            return new Edit(spec, parent, projectOption, options).apply(new StateEditRequest("rollback", key, null, toRun,
                    options.reason));
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
            return new Edit(spec, parent, projectOption, options).apply(new StateEditRequest("set", key, value, null,
                    options.reason));
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
            return new Edit(spec, parent, projectOption, options).apply(new StateEditRequest("clear", key, null, null,
                    options.reason));
        }
    }

    /** One edit: checked by the engine, previewed, confirmed, applied. */
    private static final class Edit {
        private final CommandSpec spec;
        private final StateCommand parent;
        private final ProjectDirectoryOption projectOption;
        private final EditOptions options;

        Edit(CommandSpec spec, StateCommand parent, ProjectDirectoryOption projectOption, EditOptions options) {
            this.spec = spec;
            this.parent = parent;
            this.projectOption = projectOption;
            this.options = options;
        }

        int apply(StateEditRequest request) {
            StateEdit edit = PzCommandLine.Root.engine(spec).prepareStateEdit(projectOption.directory(), request);
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            if (edit.blockedBy().isPresent()) {
                err.println("warning: " + edit.blockedBy().get());
                return ExitCodes.NODE_FAILURES;
            }
            edit.warnings().forEach(warning -> out.println("warning: " + warning));
            String prefix = options.dryRun ? "dry-run: " : "";
            edit.preview().forEach(line -> out.println(prefix + line));
            if (options.dryRun) {
                return ExitCodes.OK;
            }
            if (!options.yes) {
                if (!PzCommandLine.Root.console(parent.spec).interactive()) {
                    throw new PzException(PzCode.STATE_ARGUMENT_INVALID, "pz state " + request.action() + " changes"
                            + " stored state and stdin is not a terminal — re-run with --yes to confirm");
                }
                out.print("proceed? [y/N] ");
                out.flush();
                if (!confirmed()) {
                    out.println("cancelled — nothing changed");
                    return ExitCodes.OK;
                }
            }
            Optional<StateEdit.AuditFailure> auditFailure = edit.apply();
            if (auditFailure.isPresent()) {
                err.println("warning: the state was changed but " + auditFailure.get().problem() + "; append this line to "
                        + ".pz/state/audit.jsonl by hand:");
                err.println(auditFailure.get().line());
                return ExitCodes.NODE_FAILURES;
            }
            out.println("done — recorded in .pz/state/audit.jsonl");
            return ExitCodes.OK;
        }

        private static boolean confirmed() {
            try {
                String answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
                return answer != null && List.of("y", "Y", "yes", "YES").contains(answer.trim());
            } catch (IOException e) {
                return false;
            }
        }
    }

    private static String orDash(String text) {
        return text == null ? "-" : text;
    }
}
