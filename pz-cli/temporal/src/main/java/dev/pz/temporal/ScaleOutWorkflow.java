package dev.pz.temporal;

import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.util.List;

/** A run of the scale-out plan: flows in dependency order, each its shards in parallel, then its commit. */
@WorkflowInterface
public interface ScaleOutWorkflow {

    /** Returns one line per committed flow; fails with the first failed step's failure. */
    @WorkflowMethod(name = "PzScaleOutRun")
    List<String> run(ScaleOutRun run);
}
