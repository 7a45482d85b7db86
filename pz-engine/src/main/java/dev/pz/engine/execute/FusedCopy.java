package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSqlException;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.plan.PlannedNode;
import java.util.List;
import java.util.OptionalLong;

/**
 * The COPY of a fused chain: it runs its sink's COPY from the pipeline's view, so one statement
 * streams the source files to a temporary file; the sink node then publishes the file and reports
 * the same rows. Normally the pipeline node runs it. When the pipeline reads one source and keeps
 * exactly its rows (see {@link RowPreservingPlan}), the source node runs it instead and reports the
 * rows the COPY wrote as its own, so the source files are read once rather than twice (once more to
 * count them); the pipeline node then reports the same rows.
 *
 * <p>A pipeline fused alone (its sources staged as tables) falls back to the staged path when its
 * COPY fails: it stages its table as without fusion and leaves the COPY to its sink node, so a
 * failure is reported by the node, and with the message, it would be without fusion.
 */
final class FusedCopy {

    private FusedCopy() {
    }

    /** The pipeline node's half: the COPY, unless its source node already ran it. */
    static long write(PipelineNode pipeline, RunContext context, DuckConnection connection, String relation) {
        String sinkId = context.dag().children(pipeline.id()).get(0);
        CopiedFile early = context.fusedCopies().get(sinkId);
        if (early != null) {
            return early.rows();
        }
        PlannedNode sink = context.plan().node(sinkId).orElseThrow();
        CopiedFile copied;
        try {
            copied = NativeCopyRunner.copy(sink.name(), sink.nativeCopy(), context, connection, relation);
        } catch (RuntimeException e) {
            if (inChain(pipeline, context)) {
                throw e;
            }
            // A stopped or failed staged pipeline leaves no relation behind; neither does this one.
            dropQuietly(connection, relation);
            if (e instanceof Cancellation.CancelledException || context.cancellation().isCancelled()
                    || interrupted(e)) {
                throw e;
            }
            return PipelineExecutor.stage(pipeline, context, connection);
        }
        context.fusedCopies().put(sinkId, copied);
        return copied.rows();
    }

    /**
     * Whether the pipeline is fused alone: when its sink then finds no finished COPY, the pipeline fell
     * back to the staged path and the sink runs its own COPY from the staged table.
     */
    static boolean fusedAlone(PipelineNode pipeline, RunContext context) {
        return !inChain(pipeline, context);
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

    private static void dropQuietly(DuckConnection connection, String view) {
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

    /**
     * The source node's half: the rows of {@code sourceView} as counted by the chain's COPY, when the
     * pipeline keeps exactly those rows and the COPY succeeds; empty otherwise. A failed COPY (or a
     * pipeline whose SQL does not compile) is forgotten here: the source is then counted as before
     * and the pipeline node runs the COPY again, so a failure is reported by the same node and with
     * the same message as without this shortcut. A COPY stopped by the run's cancel stops the node.
     */
    static OptionalLong fromSource(SourceLoadNode source, RunContext context, DuckConnection connection,
            String sourceView) {
        List<String> children = context.dag().children(source.id());
        Node child = children.size() == 1 ? context.dag().node(children.get(0)) : null;
        if (!(child instanceof PipelineNode pipeline) || pipeline.dependsOn().size() != 1
                || !context.plan().isFused(pipeline.id())) {
            return OptionalLong.empty();
        }
        try {
            PipelineExecutor.create(pipeline, context, connection, true);
            String relation = Relations.staging(pipeline.name());
            if (!RowPreservingPlan.holds(connection, relation, sourceView)) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(write(pipeline, context, connection, relation));
        } catch (Cancellation.CancelledException e) {
            throw e;
        } catch (RuntimeException e) {
            if (context.cancellation().isCancelled()) {
                throw new Cancellation.CancelledException();
            }
            return OptionalLong.empty();
        }
    }
}
