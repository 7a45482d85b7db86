package dev.pz.cli;

import dev.pz.engine.CleanReport;
import dev.pz.engine.CleanRequest;
import dev.pz.engine.Formats;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz clean}: reclaims disk from {@code .pz/runs}, free {@code .pz/tmp} workdirs and the
 * temporary files killed runs left in their outputs' {@code .pz-tmp} directories. Never touches
 * {@code .pz/state}, {@code .pz/target} or {@code .pz/packages}, never a live run, and reads nothing
 * of the project but project.yml's {@code state:}.
 */
@Command(name = "clean", mixinStandardHelpOptions = true,
        description = "Delete old runs' staging databases (or whole run directories with --purge).")
final class CleanCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectDirectoryOption projectOption;

    @Option(names = "--keep-last", paramLabel = "N", description = "Keep the newest N runs (default 1; 0 selects every run).")
    String keepLast;

    @Option(names = "--older-than", paramLabel = "DUR", description = "Only runs older than DUR, e.g. 7d.")
    String olderThan;

    @Option(names = "--purge", description = "Delete whole run directories, not only their staging databases.")
    boolean purge;

    @Option(names = "--dry-run", description = "Report what would be deleted; delete nothing.")
    boolean dryRun;

    @Override
    public Integer call() {
        CleanReport report = PzCommandLine.Root.engine(spec).clean(projectOption.directory(),
                new CleanRequest(keepLast, olderThan, purge, dryRun));
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        report.warnings().forEach(warning -> err.println("warning: " + warning));
        boolean failed = !report.warnings().isEmpty();
        String prefix = dryRun ? "dry-run: " : "";
        if (report.swept() == 0 && report.workdirs() == 0 && report.liveRuns().isEmpty()
                && report.temporaryFiles() == 0) {
            if (!failed) {
                out.println(prefix + "nothing to clean");
            }
            return failed ? ExitCodes.NODE_FAILURES : ExitCodes.OK;
        }
        if (report.swept() > 0) {
            out.println(prefix + "swept   " + report.swept() + " run(s) (" + (purge ? "whole directories" : "staging only")
                    + ") — freed " + Formats.bytes(report.freedBytes()));
        }
        out.println(prefix + "kept    " + report.kept() + " run(s)");
        report.liveRuns().forEach(runId -> out.println(prefix + "skipped " + runId + " (live run)"));
        if (report.workdirs() > 0) {
            out.println(prefix + "swept   " + report.workdirs() + " stale restore workdir(s) — freed "
                    + Formats.bytes(report.workdirBytes()));
        }
        if (report.temporaryFiles() > 0) {
            out.println(prefix + "swept   " + report.temporaryFiles() + " temporary file(s) of killed runs — freed "
                    + Formats.bytes(report.temporaryBytes()));
        }
        if (report.noRunLeft()) {
            out.println(prefix + "note: no run directories remain — pz retry has nothing to target");
        }
        return failed ? ExitCodes.NODE_FAILURES : ExitCodes.OK;
    }
}
