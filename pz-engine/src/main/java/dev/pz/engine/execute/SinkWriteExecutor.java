package dev.pz.engine.execute;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OnDelete;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.CdcRouting;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.plan.PlannedNode;
import dev.pz.engine.plan.Strategy;

/**
 * Drains a pipeline's relation to its output. On the native tier DuckDB writes a temporary file
 * and the connector publishes it, or writes into an attached database in one transaction, so a
 * failed write leaves the previous output whole. When its pipeline is fused the pipeline already
 * (or, in a chain of one source, the source node) ran the COPY and this node publishes it, or runs
 * the COPY itself from the table of a pipeline that fell back to the staged path.
 */
final class SinkWriteExecutor {

    NodeOutcome execute(SinkWriteNode node, RunContext context, DuckConnection connection) {
        PlannedNode planned = context.plan().node(node.id()).orElseThrow();
        String relation = Relations.staging(node.pipeline());
        boolean universal = planned.strategy() != Strategy.NATIVE_COPY
                || planned.nativeCopy() == null && planned.nativeSqlWrite() == null;
        if (node.write().strategy() == WriteStrategy.MERGE && !context.plan().isFused(node.id())
                && !(universal && MergeKeyDuplicates.countedBySink(node, context))) {
            MergeKeyDuplicates.report(node, context, connection, relation);
        }
        java.util.Optional<CopiedFile> streamed = StreamedChain.sinkWrite(node, context);
        if (streamed.isPresent() && streamed.get().temporary() == null) {
            // The chain streamed into this universal sink, which committed on the source node.
            context.fusedCopies().take(node.id());
            return new NodeOutcome(streamed.get().rows(), null, null, streamed.get().timings(), null);
        }
        if (universal) {
            OutputSpec spec = outputSpec(node, context);
            DeletedKeys deletes = CdcRouting.deleteOrigin(context.dag(), node)
                    .map(origin -> new DeletedKeys(node, ChangeLanding.deletes(origin))).orElse(null);
            if (deletes != null) {
                deletes.check(connection);
            }
            UniversalWrite.Written written = UniversalWrite.write(node, spec, context, connection, relation, deletes);
            return new NodeOutcome(written.rows(), null, null, written.timings(), null);
        }
        if (node.write().onDelete() != null && !"ignore".equals(node.write().onDelete())) {
            throw new PzException(PzCode.DELETE_APPLY_UNSUPPORTED, "sink '" + node.connection() + "' output '"
                    + node.entity() + "': on_delete: " + node.write().onDelete() + " is applied only by a universal"
                    + " write, and this output was planned as a native one");
        }
        if (planned.nativeSqlWrite() != null) {
            return NodeOutcome.rows(NativeSqlWriteRunner.write(node.name(), planned.nativeSqlWrite(), context,
                    connection, relation));
        }
        NativeCopy copy = planned.nativeCopy();
        CopiedFile copied;
        CopiedFile handedOver = context.plan().isFused(node.id()) ? context.fusedCopies().peek(node.id())
                : streamed.orElse(null);
        if (handedOver != null) {
            copied = handedOver;
        } else if (context.plan().isFused(node.id())
                && !FusedCopy.sinkCopiesStaged(pipelineOf(node, context), context)) {
            throw new PzException(PzCode.NODE_FAILED, "sink '" + node.connection() + "' output '" + node.entity()
                    + "': the fused copy of pipeline '" + node.pipeline() + "' did not run");
        } else {
            copied = NativeCopyRunner.copy(node.name(), copy, context, connection, relation);
        }
        if (context.cancellation().isCancelled()) {
            // The copy is complete, but a cancelled run leaves the destination as it was.
            context.fusedCopies().take(node.id());
            context.temporaries().release(copied.temporary());
            throw new Cancellation.CancelledException();
        }
        if (handedOver == null) {
            NativeCopyRunner.publish(node.name(), copy, copied, context);
        } else {
            // A failed publish keeps the finished file handed on, for the node's next attempt (the run
            // deletes it at its end if none succeeds): the chain that wrote it does not run again.
            NativeCopyRunner.publishKeepingOnFailure(node.name(), copy, copied, context);
            context.fusedCopies().take(node.id());
        }
        return NodeOutcome.rows(copied.rows());
    }

    /** What a universal write of this sink is asked to do. */
    static OutputSpec outputSpec(SinkWriteNode node, RunContext context) {
        return new OutputSpec(node.connection(), node.entity(), node.write().strategy(), node.write().schemaPolicy(),
                node.write().options(), node.write().keys(),
                new OutputSpec.WriteAttempt(context.runId(), node.name(), 1, context.temporaries().spool()))
                .withOnDelete(OnDelete.of(node.write().onDelete()));
    }

    private static PipelineNode pipelineOf(SinkWriteNode node, RunContext context) {
        return (PipelineNode) context.dag().node(node.dependsOn().get(0));
    }
}
