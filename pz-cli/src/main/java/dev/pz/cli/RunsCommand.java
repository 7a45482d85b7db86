package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.json.Json;
import dev.pz.engine.load.Durations;
import dev.pz.engine.state.NodeRecord;
import dev.pz.engine.state.RunHistory;
import dev.pz.engine.state.RunRecord;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
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
 * {@code pz runs} (spec/user-surface.md §2.8.16): prior runs, newest first, from their
 * run_results.json. Reads nothing of the project but project.yml's {@code state:}.
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

    /** The per-run figures both output forms print. */
    private record Summary(RunRecord run, Long durationMs, int succeeded, int failed, int skipped, int reused,
            int carriedForward) {

        static Summary of(RunRecord run) {
            int succeeded = 0;
            int failed = 0;
            int skipped = 0;
            int reused = 0;
            int carried = 0;
            for (NodeRecord node : run.nodes()) {
                String status = node.status() == null ? "" : node.status();
                switch (status) {
                    case "success" -> succeeded++;
                    case "failed" -> failed++;
                    case "skipped" -> skipped++;
                    default -> {
                    }
                }
                if ("reused".equals(node.provenance())) {
                    reused++;
                } else if ("carried_forward".equals(node.provenance())) {
                    carried++;
                }
            }
            return new Summary(run, duration(run), succeeded, failed, skipped, reused, carried);
        }

        private static Long duration(RunRecord run) {
            if (run.startedAt() == null || run.finishedAt() == null) {
                return null;
            }
            try {
                return Duration.between(Instant.parse(run.startedAt()), Instant.parse(run.finishedAt())).toMillis();
            } catch (DateTimeParseException unparseable) {
                return null;
            }
        }

        String provenance() {
            List<String> parts = new ArrayList<>();
            if (reused > 0) {
                parts.add(reused + " reused");
            }
            if (carriedForward > 0) {
                parts.add(carriedForward + " carried_forward");
            }
            return parts.isEmpty() ? "-" : String.join(", ", parts);
        }
    }

    @Override
    public Integer call() {
        if (limit != null && limit < 1) {
            throw new PzException(PzCode.RUNS_LIMIT_INVALID, "--limit must be 1 or greater (got '" + limit + "')");
        }
        ManagementProject project = ManagementProject.open(projectOption, "runs", PzCommandLine.Root.console(spec).environment());
        if (!project.localArtifacts()) {
            throw project.unsupportedBackend("pz runs");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<RunRecord> runs = RunHistory.list(project.directory());
        if (limit != null && runs.size() > limit) {
            runs = runs.subList(0, limit);
        }
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
        for (RunRecord run : runs) {
            Summary summary = Summary.of(run);
            out.println(json ? json(summary) : row(summary));
        }
        return ExitCodes.OK;
    }

    private static String row(Summary summary) {
        RunRecord run = summary.run();
        String duration = summary.durationMs() == null ? "-" : Durations.format(Duration.ofMillis(summary.durationMs()));
        return String.format(ROW, run.runId(), run.status() == null ? "-" : run.status(),
                run.startedAt() == null ? "-" : run.startedAt(), duration, summary.succeeded(), summary.failed(),
                summary.skipped(), summary.provenance());
    }

    private static String json(Summary summary) {
        RunRecord run = summary.run();
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("runId", run.runId());
        line.put("status", run.status());
        line.put("startedAt", run.startedAt());
        line.put("finishedAt", run.finishedAt());
        line.put("durationMs", summary.durationMs());
        line.put("succeeded", (long) summary.succeeded());
        line.put("failed", (long) summary.failed());
        line.put("skipped", (long) summary.skipped());
        line.put("reused", (long) summary.reused());
        line.put("carriedForward", (long) summary.carriedForward());
        return Json.compact(line);
    }
}
