package dev.pz.temporal;

import dev.pz.cli.scaleout.ScaleOutPlan;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.TemporalFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts every flow as soon as the flows it depends on have committed; within a flow, all shards run
 * at once and the commit runs after the last of them succeeded. A flow whose shard failed for good is
 * not committed, and flows depending on it do not start; independent flows still finish. The
 * workflow then fails with the first failure in plan order.
 */
public final class ScaleOutWorkflowImpl implements ScaleOutWorkflow {

    /** An upper bound on one shard or commit; the heartbeat timeout is what notices a dead worker. */
    private static final Duration STEP_LIMIT = Duration.ofDays(1);

    @Override
    public List<String> run(ScaleOutRun run) {
        PzSteps steps = Workflow.newActivityStub(PzSteps.class, ActivityOptions.newBuilder()
                .setStartToCloseTimeout(STEP_LIMIT)
                .setHeartbeatTimeout(Duration.ofSeconds(run.heartbeatSeconds()))
                .setRetryOptions(RetryOptions.newBuilder()
                        .setInitialInterval(Duration.ofSeconds(1))
                        .setBackoffCoefficient(2)
                        .setMaximumInterval(Duration.ofMinutes(1))
                        .setMaximumAttempts(run.maxAttempts())
                        .build())
                .build());
        Map<String, Promise<Void>> committed = new HashMap<>();
        for (ScaleOutPlan.Flow flow : run.flows()) {
            List<Promise<Void>> upstream = flow.dependsOn().stream().map(committed::get).toList();
            committed.put(flow.name(), Async.procedure(() -> runFlow(steps, flow, run.runId(), upstream)));
        }
        List<String> outcome = new ArrayList<>();
        TemporalFailure first = null;
        for (ScaleOutPlan.Flow flow : run.flows()) {
            try {
                committed.get(flow.name()).get();
                outcome.add("flow " + flow.name() + ": " + flow.shards() + " shard(s) committed");
            } catch (TemporalFailure failure) {
                first = first == null ? failure : first;
            }
        }
        if (first != null) {
            throw first;
        }
        return outcome;
    }

    private static void runFlow(PzSteps steps, ScaleOutPlan.Flow flow, String runId, List<Promise<Void>> upstream) {
        for (Promise<Void> dependency : upstream) {
            dependency.get();
        }
        List<Promise<Void>> shards = new ArrayList<>();
        for (int index = 0; index < flow.shards(); index++) {
            Step step = new Step(flow.name(), "shard " + index + "/" + flow.shards(), flow.shardCommand(index, runId));
            shards.add(Async.procedure(steps::shard, step));
        }
        TemporalFailure failed = null;
        for (Promise<Void> shard : shards) {
            try {
                shard.get();
            } catch (TemporalFailure failure) {
                failed = failed == null ? failure : failed;
            }
        }
        if (failed != null) {
            throw failed;
        }
        steps.commit(new Step(flow.name(), "commit", flow.commitCommand(runId)));
    }
}
