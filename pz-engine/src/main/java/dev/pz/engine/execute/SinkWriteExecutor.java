package dev.pz.engine.execute;

import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.plan.PlannedNode;
import dev.pz.engine.plan.Strategy;

/**
 * Drains a pipeline's relation to its output. On the native tier DuckDB writes a temporary file
 * beside the destination and the engine renames it into place, so a failed write leaves the
 * previous output whole. In a fused chain the pipeline already ran the COPY; this node publishes it.
 */
final class SinkWriteExecutor {

    NodeOutcome execute(SinkWriteNode node, RunContext context, DuckConnection connection) {
        PlannedNode planned = context.plan().node(node.id()).orElseThrow();
        String relation = Relations.staging(node.pipeline());
        if (planned.strategy() != Strategy.NATIVE_COPY || planned.nativeCopy() == null) {
            OutputSpec spec = new OutputSpec(node.connection(), node.entity(), node.write().strategy(),
                    node.write().schemaPolicy(), node.write().options(), node.write().keys(),
                    new OutputSpec.WriteAttempt(context.runId(), node.name(), 1, RunSpool.fresh(context, node.id())));
            UniversalWrite.Written written;
            try {
                written = UniversalWrite.write(node, spec, context, connection, relation);
            } finally {
                RunSpool.delete(RunSpool.of(context, node.id()));
            }
            return new NodeOutcome(written.rows(), null, null, written.timings(), null);
        }
        NativeCopy copy = planned.nativeCopy();
        long rows;
        if (context.plan().isFused(node.id())) {
            Long copied = context.fusedCopies().remove(node.id());
            if (copied == null) {
                throw new PzException(PzCode.NODE_FAILED, "sink '" + node.connection() + "' output '" + node.entity()
                        + "': the fused copy of pipeline '" + node.pipeline() + "' did not run");
            }
            rows = copied;
        } else {
            rows = NativeCopyRunner.copy(node.id(), node.name(), copy, context, connection, relation);
        }
        NativeCopyRunner.publish(node.id(), node.name(), copy, context);
        return NodeOutcome.rows(rows);
    }
}
