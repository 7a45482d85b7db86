package dev.pz.cli.temporal;

import dev.pz.cli.scaleout.ScaleOutPlan;
import java.io.PrintWriter;

/**
 * What {@code pz worker} and {@code pz submit --engine temporal} ask of pz's Temporal part. The
 * implementation lives in {@code pz-temporal.jar} (module {@code pz-cli/temporal}) and is loaded by
 * {@link TemporalSupport} only for these two verbs, so no other verb loads Temporal's SDK. Problems of
 * the request are thrown as {@code PzException}/{@code PzValidationException}.
 */
public interface TemporalEngine {

    /** Polls the task queue and runs shards and commits until the process is stopped. */
    void work(WorkerSettings settings, PrintWriter out);

    /**
     * Starts (or finds, for a run id already submitted) the workflow of {@code plan} and, when asked,
     * waits for it; returns pz's exit code for the outcome.
     */
    int submit(SubmitSettings settings, ScaleOutPlan plan, PrintWriter out, PrintWriter err);
}
