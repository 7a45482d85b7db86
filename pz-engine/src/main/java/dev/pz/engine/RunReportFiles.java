package dev.pz.engine;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.report.RunReport;
import dev.pz.engine.report.RunReports;
import dev.pz.engine.state.RunHistory;
import dev.pz.engine.state.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code pz report}: finds a run's directory and draws its report.html again. */
final class RunReportFiles {

    private RunReportFiles() {
    }

    static Path redraw(ManagedProject project, String runId) {
        Path runDirectory = runId == null ? latest(project.directory()) : named(project.directory(), runId);
        try {
            return RunReports.write(runDirectory);
        } catch (RunReport.Unreadable e) {
            throw new PzException(PzError.of(PzCode.NO_PRIOR_RUN, "run '" + runDirectory.getFileName()
                    + "' has no readable run_results.json").at(project.relative(runDirectory.resolve("run_results.json")), 0)
                    .withHint("`pz runs` lists the runs that can be reported on"));
        }
    }

    private static Path latest(Path projectDirectory) {
        return RunHistory.latest(projectDirectory).map(RunRecord::directory).orElseThrow(() -> new PzException(
                PzCode.NO_PRIOR_RUN, "no prior run found under .pz/runs — run 'pz run' first"));
    }

    private static Path named(Path projectDirectory, String id) {
        Path runs = projectDirectory.resolve(".pz").resolve("runs");
        Path directory = runs.resolve(id).normalize();
        if (id.isBlank() || !runs.normalize().equals(directory.getParent()) || !Files.isDirectory(directory)) {
            throw new PzException(PzError.of(PzCode.NO_PRIOR_RUN, "no run '" + id + "' under .pz/runs")
                    .withHint("`pz runs` lists the runs of this project"));
        }
        return directory;
    }
}
