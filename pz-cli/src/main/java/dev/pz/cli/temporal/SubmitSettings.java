package dev.pz.cli.temporal;

import java.time.Duration;

/**
 * A submission: the Temporal frontend and namespace, the task queue the workers poll, the run id (which
 * names the workflow, so a second submission of it finds the first), whether to wait for the outcome,
 * how long an activity may go without a heartbeat before it is retried elsewhere, and how many attempts
 * a shard or commit gets for transient failures.
 */
public record SubmitSettings(String target, String namespace, String taskQueue, String runId, boolean waitForOutcome,
        Duration heartbeatTimeout, int maxAttempts) {
}
