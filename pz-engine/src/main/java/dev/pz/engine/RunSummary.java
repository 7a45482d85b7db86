package dev.pz.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * One prior run as {@code pz runs} lists it, from its run_results.json: id, status and timestamps
 * (null when the file lacks them), the duration when both timestamps parse, and its nodes counted by
 * status and by provenance.
 */
public record RunSummary(String runId, String status, String startedAt, String finishedAt, Long durationMs,
        int succeeded, int failed, int skipped, int reused, int carriedForward) {

    /** {@code 2 reused, 1 carried_forward}, or {@code -} when every node ran. */
    public String provenance() {
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
