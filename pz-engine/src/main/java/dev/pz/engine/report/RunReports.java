package dev.pz.engine.report;

import dev.pz.engine.json.AtomicFiles;
import java.nio.file.Path;

/** Writes a run's report, {@code report.html}, beside its run_results.json. */
public final class RunReports {
    public static final String FILE = "report.html";

    private RunReports() {
    }

    /**
     * Draws the report of the run recorded in {@code runDirectory} and writes it there, replacing any
     * earlier one. Throws {@link RunReport.Unreadable} when the run has no readable run_results.json.
     */
    public static Path write(Path runDirectory) {
        Path file = runDirectory.resolve(FILE);
        AtomicFiles.writeString(file, render(runDirectory));
        return file;
    }

    /** The report page of the run recorded in {@code runDirectory}. */
    public static String render(Path runDirectory) {
        return ReportPage.render(RunReport.load(runDirectory));
    }
}
