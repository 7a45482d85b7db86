package dev.pz.temporal;

import dev.pz.cli.scaleout.ScaleOutPlan;
import java.util.List;

/**
 * A workflow's input: the run id every shard and commit receives, the flows in dependency order, how
 * long an activity may go without a heartbeat, and the attempts a shard or commit gets.
 */
public record ScaleOutRun(String runId, List<ScaleOutPlan.Flow> flows, long heartbeatSeconds, int maxAttempts) {
    public ScaleOutRun {
        flows = List.copyOf(flows);
    }
}
