package dev.pz.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pz report [run-id]}: draws a run's report again, {@code report.html} beside its
 * run_results.json (the latest run when no id is given), and prints where it is. Every run writes
 * its report as it ends; this verb redraws one after pz was upgraded or the file was removed.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write a run's HTML report beside its run_results.json (the latest run by default).")
final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProjectDirectoryOption projectOption;

    @Parameters(paramLabel = "<run-id>", arity = "0..1", description = "The run to report on (default: the latest).")
    String runId;

    @Override
    public Integer call() {
        Path report = PzCommandLine.Root.engine(spec).report(projectOption.directory(), runId);
        printPath(spec.commandLine().getOut(), report);
        return ExitCodes.OK;
    }

    /** {@code report: <path>}, the line every run ends with when its report was written. */
    static void printPath(PrintWriter out, Path report) {
        if (Files.isRegularFile(report)) {
            out.println("report: " + report);
        }
    }
}
