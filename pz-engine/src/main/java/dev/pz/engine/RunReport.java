package dev.pz.engine;

import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.report.RunReports;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How a run went: its id and status, every node's terminal result in completion order (carried-forward
 * nodes first on a retry), where run_results.json is, what retention swept (present only when it
 * swept something or failed to), the notes to print after the summary, and, when the caller
 * cancelled the run, the line saying why and which nodes it interrupted
 * ({@code run cancelled (SIGINT): interrupted orders}).
 */
public record RunReport(String runId, RunStatus status, List<NodeResult> results, Path resultsFile,
        Optional<Retention> retention, List<String> notes, Optional<String> cancellation) {

    public RunReport {
        results = List.copyOf(results);
        notes = List.copyOf(notes);
    }

    /** Where the run's HTML report is written, beside run_results.json (absent when it could not be drawn). */
    public Path reportFile() {
        return resultsFile.resolveSibling(RunReports.FILE);
    }

    public long succeeded() {
        return count(NodeStatus.SUCCESS);
    }

    public long failed() {
        return count(NodeStatus.FAILED);
    }

    public long skipped() {
        return results.size() - succeeded() - failed();
    }

    private long count(NodeStatus status) {
        return results.stream().filter(result -> result.status() == status).count();
    }

    /**
     * What the run's retention sweep did: staging databases and stale workdirs deleted, bytes freed,
     * deletions that failed, and the line that says so ({@code cleaned 3 staging database(s) …}).
     */
    public record Retention(int stagingDeleted, int workdirsDeleted, long bytesFreed, int failures, String line) {
    }
}
