package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSqlException;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.plan.PlannedNode;

/**
 * The COPY of a fused pipeline: it runs its sink's COPY from the pipeline's view, so one statement
 * streams the pipeline's input to a temporary file; the sink node then publishes the file and
 * reports the same rows. In a chain of one source the source node runs it (see {@link FusedSource})
 * and the pipeline node only reports its rows; otherwise the pipeline node runs it.
 *
 * <p>A pipeline fused alone (its sources staged as tables) falls back to the staged path when its
 * COPY fails: it stages its table as without fusion and leaves the COPY to its sink node, so a
 * failure is reported by the node, and with the message, it would be without fusion. A chain whose
 * source node replayed it the staged way does the same from the pipeline on.
 */
final class FusedCopy {

    private FusedCopy() {
    }

    /** The pipeline node's half: the COPY, unless its source node already ran it or replays the chain. */
    static long write(PipelineNode pipeline, RunContext context, DuckConnection connection) {
        String sinkId = sinkOf(pipeline, context);
        CopiedFile early = context.fusedCopies().peek(sinkId);
        if (early != null) {
            return early.rows();
        }
        if (context.fusedCopies().replayed(pipeline.id())) {
            return PipelineExecutor.stage(pipeline, context, connection);
        }
        PipelineExecutor.create(pipeline, context, connection, true);
        String relation = Relations.staging(pipeline.name());
        CopiedFile copied;
        try {
            copied = copy(pipeline, context, connection, relation);
        } catch (RuntimeException e) {
            if (inChain(pipeline, context)) {
                // A chain of several sources (engine.fusion: true): the failure is this node's.
                throw e;
            }
            // A stopped or failed staged pipeline leaves no relation behind; neither does this one.
            dropQuietly(connection, relation);
            rethrowIfStopped(e, context);
            return PipelineExecutor.stage(pipeline, context, connection);
        }
        context.fusedCopies().put(sinkId, copied);
        return copied.rows();
    }

    /** Runs the COPY of the pipeline's one sink from {@code relation}, into a temporary file. */
    static CopiedFile copy(PipelineNode pipeline, RunContext context, DuckConnection connection, String relation) {
        PlannedNode sink = context.plan().node(sinkOf(pipeline, context)).orElseThrow();
        return NativeCopyRunner.copy(sink.name(), sink.nativeCopy(), context, connection, relation);
    }

    /**
     * Whether the sink runs its own COPY from the staged relation when it finds no finished one: its
     * pipeline is fused alone (and fell back to the staged path) or its chain is replayed staged.
     */
    static boolean sinkCopiesStaged(PipelineNode pipeline, RunContext context) {
        return !inChain(pipeline, context) || context.fusedCopies().replayed(pipeline.id());
    }

    static String sinkOf(PipelineNode pipeline, RunContext context) {
        return context.dag().children(pipeline.id()).get(0);
    }

    /**
     * Rethrows {@code failure} when pz stopped the statement (a cancel, fail-fast or the node's
     * timeout) rather than the statement failing: a stop is never replayed.
     */
    static void rethrowIfStopped(RuntimeException failure, RunContext context) {
        if (failure instanceof Cancellation.CancelledException || context.cancellation().isCancelled()
                || interrupted(failure)) {
            throw failure;
        }
    }

    /** Whether the statement was stopped by pz (a cancel or the node's timeout) rather than failing. */
    static boolean interrupted(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DuckSqlException duck && duck.interrupted()) {
                return true;
            }
        }
        return false;
    }

    static void dropQuietly(DuckConnection connection, String view) {
        try {
            connection.execute("drop view if exists " + view);
        } catch (RuntimeException ignored) {
            // The connection is being closed by a cancel; the run's staging goes with it.
        }
    }

    /** Whether the pipeline is fused with its sources (a whole chain) rather than alone. */
    private static boolean inChain(PipelineNode pipeline, RunContext context) {
        return pipeline.dependsOn().stream().anyMatch(context.plan()::isFused);
    }
}
