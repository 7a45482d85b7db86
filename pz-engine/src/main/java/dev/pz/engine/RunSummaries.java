package dev.pz.engine;

import dev.pz.engine.state.NodeRecord;
import dev.pz.engine.state.RunRecord;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** Counts a recorded run's nodes by status and provenance for {@code pz runs}. */
final class RunSummaries {

    private RunSummaries() {
    }

    static RunSummary of(RunRecord run) {
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
        return new RunSummary(run.runId(), run.status(), run.startedAt(), run.finishedAt(), duration(run), succeeded,
                failed, skipped, reused, carried);
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
}
