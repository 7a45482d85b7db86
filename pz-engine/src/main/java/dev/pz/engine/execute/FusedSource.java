package dev.pz.engine.execute;

import dev.pz.connectors.api.NativeScan;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SourceLoadNode;
import java.util.Optional;

/**
 * The source load of a fused chain (see {@link dev.pz.engine.plan.Fusion}): a view over the
 * source's files instead of a staged table.
 *
 * <p>In a chain of one source this node also runs the chain's COPY (see {@link FusedCopy}), so
 * reading the source fails here, as it does when staged. It reports the rows the COPY wrote when the
 * pipeline keeps exactly the source's rows and reads all its columns ({@link RowPreservingPlan}), so
 * that the COPY converted every value as a staged load would; otherwise it counts the view reading
 * every column, which converts them. It then runs the inferred-schema lints and the drift gate as a
 * staged load does. When any of that
 * fails, other than by a stop (cancel, fail-fast, the node's timeout), the views and the COPY are
 * dropped and the chain is replayed the staged way: this node lands its table, which fails with the
 * staged path's message if the source is unreadable, and the pipeline and sink follow staged.
 *
 * <p>In a chain of several sources ({@code engine.fusion: true}) the pipeline node runs the COPY and
 * this node only creates the view and counts it, reading every column (so a value its type refuses
 * fails here, as when staged).
 */
final class FusedSource {

    private FusedSource() {
    }

    /** The load's outcome, or empty when the chain is to be replayed staged (nothing fused is left). */
    static Optional<NodeOutcome> load(SourceLoadNode node, NativeScan scan, RunContext context,
            DuckConnection connection, String view, String fragment) {
        PipelineNode pipeline = (PipelineNode) context.dag().node(context.dag().children(node.id()).get(0));
        if (pipeline.dependsOn().size() != 1) {
            connection.execute("create or replace view " + view + " as select * from " + fragment);
            return Optional.of(SchemaDriftGate.apply(node, context, connection, view,
                    NodeOutcome.rows(Counts.rowsReadingEveryColumn(connection, view))));
        }
        String sinkId = FusedCopy.sinkOf(pipeline, context);
        String relation = Relations.staging(pipeline.name());
        try {
            connection.execute("create or replace view " + view + " as select * from " + fragment);
            PipelineExecutor.create(pipeline, context, connection, true);
            boolean countedByCopy = RowPreservingPlan.holds(connection, relation, view)
                    && RowPreservingPlan.readsEveryColumn(connection, relation, view);
            CopiedFile copied = FusedCopy.copy(pipeline, context, connection, relation);
            context.fusedCopies().put(sinkId, copied);
            long rows = countedByCopy ? copied.rows() : Counts.rowsReadingEveryColumn(connection, view);
            SourceLints.check(node, scan, context, connection, view);
            NodeOutcome gated = SchemaDriftGate.apply(node, context, connection, view, NodeOutcome.rows(rows));
            if (gated.failure() != null) {
                // A failed load leaves no finished output behind: the sink will not publish this one.
                release(context, sinkId);
            }
            return Optional.of(gated);
        } catch (RuntimeException e) {
            release(context, sinkId);
            FusedCopy.dropQuietly(connection, relation);
            FusedCopy.dropQuietly(connection, view);
            FusedCopy.rethrowIfStopped(e, context);
            context.fusedCopies().replayStaged(pipeline.id());
            return Optional.empty();
        }
    }

    private static void release(RunContext context, String sinkId) {
        CopiedFile copied = context.fusedCopies().take(sinkId);
        if (copied != null) {
            context.temporaries().release(copied.temporary());
        }
    }
}
