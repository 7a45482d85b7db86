package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.report.RunReport;
import dev.pz.engine.report.RunReports;
import dev.pz.engine.state.RunHistory;
import dev.pz.engine.state.RunRecord;
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
        ManagementProject project = ManagementProject.open(projectOption, "report",
                PzCommandLine.Root.console(spec).environment());
        if (!project.localArtifacts()) {
            throw project.unsupportedBackend("pz report");
        }
        Path runDirectory = runId == null ? latest(project.directory()) : named(project.directory(), runId);
        Path report;
        try {
            report = RunReports.write(runDirectory);
        } catch (RunReport.Unreadable e) {
            throw new PzException(PzError.of(PzCode.NO_PRIOR_RUN, "run '" + runDirectory.getFileName()
                    + "' has no readable run_results.json").at(project.relative(runDirectory.resolve("run_results.json")), 0)
                    .withHint("`pz runs` lists the runs that can be reported on"));
        }
        printPath(spec.commandLine().getOut(), report);
        return ExitCodes.OK;
    }

    /** {@code report: <path>}, the line every run ends with when its report was written. */
    static void printPath(PrintWriter out, Path report) {
        if (Files.isRegularFile(report)) {
            out.println("report: " + report);
        }
    }

    private static Path latest(Path projectDirectory) {
        return RunHistory.latest(projectDirectory).map(RunRecord::directory).orElseThrow(() -> new PzException(
                PzCode.NO_PRIOR_RUN, "no prior run found under .pz/runs — run 'pz run' first"));
    }

    private static Path named(Path projectDirectory, String id) {
        Path runs = projectDirectory.resolve(".pz").resolve("runs");
        Path directory = runs.resolve(id).normalize();
        if (id.isBlank() || !directory.getParent().equals(runs.normalize()) || !Files.isDirectory(directory)) {
            throw new PzException(PzError.of(PzCode.NO_PRIOR_RUN, "no run '" + id + "' under .pz/runs")
                    .withHint("`pz runs` lists the runs of this project"));
        }
        return directory;
    }
}
