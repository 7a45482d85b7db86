package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.CdcDropReport;
import dev.pz.engine.CompiledProject;
import dev.pz.engine.CdcStatusRow;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pz cdc status|drop}: the server-side state of the project's change-capture datasets (a
 * replication slot for postgres). The engine asks the connectors; this command renders the table
 * and maps health to the exit code.
 */
@Command(name = "cdc", mixinStandardHelpOptions = true, description = "Inspect or drop change-capture state.",
        subcommands = {CdcCommand.Status.class, CdcCommand.Drop.class})
final class CdcCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("error: pz cdc needs a subcommand: status or drop");
        return ExitCodes.CONFIG_ERROR;
    }

    /** {@code pz cdc status}: one row per cdc dataset; exit 1 when any is unhealthy. */
    @Command(name = "status", mixinStandardHelpOptions = true, description = "Show the health of every cdc dataset.")
    static final class Status implements Callable<Integer> {
        private static final String ROW = "%-28s %-20s %-20s %-12s %s";

        @Spec
        CommandSpec spec;

        @Mixin
        ProjectOptions projectOptions;

        @Option(names = "--log-format", paramLabel = "<text|json>", description = "Output: text (default) or json.")
        String logFormat = "text";

        @Override
        public Integer call() {
            CdcOutput output = CdcOutput.of(spec, logFormat);
            CompiledProject project = output.context(spec).open(projectOptions, false);
            output.stateNote(project);
            List<CdcStatusRow> rows = project.cdcStatus();
            if (rows.isEmpty()) {
                output.note("no cdc datasets in this project");
                return ExitCodes.OK;
            }
            if (!output.json()) {
                output.out().println(String.format(ROW, "dataset", "position", "stored token", "retained", "health"));
            }
            boolean unhealthy = false;
            for (CdcStatusRow row : rows) {
                boolean failing = row.adminSupported() && !Boolean.TRUE.equals(row.healthy());
                unhealthy |= failing;
                if (output.json()) {
                    output.status(row);
                    continue;
                }
                String health = !row.adminSupported() ? "admin unsupported" : failing ? "unhealthy" : "healthy";
                output.out().println(String.format(ROW, row.dataset(), dash(row.positionName()),
                        dash(row.storedToken()), row.retainedBytes() == null ? "-" : row.retainedBytes().toString(),
                        health));
                if (failing) {
                    row.detail().forEach(line -> output.out().println("    " + line));
                }
            }
            return unhealthy ? ExitCodes.NODE_FAILURES : ExitCodes.OK;
        }

        private static String dash(String value) {
            return value == null ? "-" : value;
        }
    }

    /** {@code pz cdc drop <source>.<dataset>}: removes the server-side state and the stored token. */
    @Command(name = "drop", mixinStandardHelpOptions = true,
            description = "Drop a cdc dataset's server-side state; its next run snapshots the table again.")
    static final class Drop implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ProjectOptions projectOptions;

        @Parameters(arity = "0..*", paramLabel = "<source>.<dataset>", description = "The cdc dataset.")
        List<String> targets;

        @Option(names = "--log-format", paramLabel = "<text|json>", description = "Output: text (default) or json.")
        String logFormat = "text";

        @Override
        public Integer call() {
            CdcOutput output = CdcOutput.of(spec, logFormat);
            if (targets == null || targets.size() != 1) {
                throw new PzException(PzError.of(PzCode.CDC_TARGET_INVALID, "pz cdc drop takes exactly one target (got "
                        + (targets == null ? 0 : targets.size()) + ")").withHint("usage: pz cdc drop <source>.<dataset>"));
            }
            CompiledProject project = output.context(spec).open(projectOptions, false);
            output.stateNote(project);
            CdcDropReport report = project.cdcDrop(targets.get(0));
            if (output.json()) {
                output.dropped(report, project.localState());
                return ExitCodes.OK;
            }
            PrintWriter out = output.out();
            if (report.serverSideDropped()) {
                out.println("dropped " + report.positionName() + " of " + report.dataset());
            } else {
                out.println(report.dataset() + ": pz does not remove " + report.positionName() + " on the server; run:");
                report.remediation().forEach(statement -> out.println("    " + statement));
            }
            out.println(report.tokenRemoved() ? "removed the stored token; the next run snapshots the table again"
                    : "no token was stored; the next run snapshots the table");
            return ExitCodes.OK;
        }
    }
}
