package dev.pz.temporal;

import dev.pz.cli.scaleout.ScaleOutPlan;
import dev.pz.cli.temporal.SubmitSettings;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.ApplicationFailure;
import java.io.PrintWriter;
import java.util.List;
import java.util.OptionalInt;

/**
 * One {@code pz submit}: starts the run's workflow under the run id (a second submission of the same id
 * finds the first and starts nothing), then, with {@code --wait}, turns its outcome into pz's exit
 * code: 0 committed; 1 or 2 when a step failed for good with that code; 3 when retries ran out, or the
 * workflow was cancelled, terminated or timed out.
 */
final class Submission {
    private static final int FATAL = 3;

    private final WorkflowClient client;
    private final SubmitSettings settings;
    private final PrintWriter out;
    private final PrintWriter err;

    Submission(WorkflowClient client, SubmitSettings settings, PrintWriter out, PrintWriter err) {
        this.client = client;
        this.settings = settings;
        this.out = out;
        this.err = err;
    }

    int submit(ScaleOutPlan plan) {
        ScaleOutWorkflow workflow = client.newWorkflowStub(ScaleOutWorkflow.class, WorkflowOptions.newBuilder()
                .setWorkflowId(settings.runId())
                .setTaskQueue(settings.taskQueue())
                .setWorkflowIdReusePolicy(WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE)
                .build());
        ScaleOutRun run = new ScaleOutRun(settings.runId(), plan.flows(), settings.heartbeatTimeout().toSeconds(),
                settings.maxAttempts());
        int shards = plan.flows().stream().mapToInt(ScaleOutPlan.Flow::shards).sum();
        try {
            WorkflowClient.start(workflow::run, run);
            out.println("submitted run " + settings.runId() + ": " + plan.flows().size() + " flow(s), " + shards
                    + " shard(s), task queue " + settings.taskQueue());
        } catch (WorkflowExecutionAlreadyStarted already) {
            out.println("note: run " + settings.runId() + " was already submitted; nothing new started");
        }
        out.flush();
        return settings.waitForOutcome() ? awaitOutcome() : 0;
    }

    private int awaitOutcome() {
        WorkflowStub stub = client.newUntypedWorkflowStub(settings.runId());
        try {
            List<?> lines = stub.getResult(List.class);
            lines.forEach(line -> out.println(line));
            out.println("run " + settings.runId() + " committed");
            out.flush();
            return 0;
        } catch (WorkflowFailedException failed) {
            ApplicationFailure step = stepFailure(failed);
            String what = step != null ? step.getOriginalMessage()
                    : String.valueOf(failed.getCause() == null ? failed.getMessage() : failed.getCause().getMessage());
            List<String> lines = what.lines().toList();
            err.println("error " + PzError.of(PzCode.SCALE_OUT_WORKFLOW_FAILED, "run " + settings.runId()
                    + " failed: " + (lines.isEmpty() ? "" : lines.get(0))).withHint(
                            "fix the cause, then submit a new run id (one run id names one workflow)").render());
            lines.stream().skip(1).forEach(line -> err.println("  | " + line));
            err.flush();
            OptionalInt code = step == null ? OptionalInt.empty() : PzExit.exitCode(step);
            return code.isPresent() && !PzExit.retryable(code.getAsInt()) ? code.getAsInt() : FATAL;
        }
    }

    private static ApplicationFailure stepFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApplicationFailure application && PzExit.exitCode(application).isPresent()) {
                return application;
            }
        }
        return null;
    }
}
