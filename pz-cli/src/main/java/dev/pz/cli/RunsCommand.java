package dev.pz.cli;

import dev.pz.engine.Formats;
import dev.pz.engine.RunSummary;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pz runs}: prior runs, newest first, from their run_results.json. Reads nothing of the
 * project but project.yml's {@code state:}.
 */
@Command(name = "runs", mixinStandardHelpOptions = true, description = "List prior runs, newest first.")
final class RunsCommand implements Callable<Integer> {
    private static final String ROW = "%-30s %-25s %-25s %-9s %4s %7s %8s  %s";

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectDirectoryOption projectOption;

    @Option(names = "--json", description = "One compact JSON object per run and line.")
    boolean json;

    @Option(names = "--limit", paramLabel = "N", description = "Show at most N runs.")
    Integer limit;

    @Override
    public Integer call() {
        List<RunSummary> runs = PzCommandLine.Root.engine(spec).runs(projectOption.directory(), limit);
        PrintWriter out = spec.commandLine().getOut();
        if (runs.isEmpty()) {
            if (!json) {
                out.println("no runs found");
            }
            return ExitCodes.OK;
        }
        if (!json) {
            out.println(String.format(ROW, "RUN ID", "STATUS", "STARTED AT", "DURATION", "OK", "FAILED", "SKIPPED",
                    "PROVENANCE"));
        }
        for (RunSummary run : runs) {
            out.println(json ? json(run) : row(run));
        }
        return ExitCodes.OK;
    }

    private static String row(RunSummary run) {
        String duration = run.durationMs() == null ? "-" : Formats.duration(Duration.ofMillis(run.durationMs()));
        return String.format(ROW, run.runId(), run.status() == null ? "-" : run.status(),
                run.startedAt() == null ? "-" : run.startedAt(), duration, run.succeeded(), run.failed(),
                run.skipped(), run.provenance());
    }

    private static String json(RunSummary run) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("runId", run.runId());
        line.put("status", run.status());
        line.put("startedAt", run.startedAt());
        line.put("finishedAt", run.finishedAt());
        line.put("durationMs", run.durationMs());
        line.put("succeeded", (long) run.succeeded());
        line.put("failed", (long) run.failed());
        line.put("skipped", (long) run.skipped());
        line.put("reused", (long) run.reused());
        line.put("carriedForward", (long) run.carriedForward());
        return Formats.compactJson(line);
    }
}
