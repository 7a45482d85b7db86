package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.plan.PlannedNode;

/**
 * The fused pipeline's half of a fused chain: it runs its sink's COPY from its own view, so one
 * statement streams the source files to the destination's temporary file. The sink node then
 * publishes the file and reports the same rows.
 */
final class FusedCopy {

    private FusedCopy() {
    }

    static long write(PipelineNode pipeline, RunContext context, DuckConnection connection, String relation) {
        String sinkId = context.dag().children(pipeline.id()).get(0);
        PlannedNode sink = context.plan().node(sinkId).orElseThrow();
        long rows = NativeCopyRunner.copy(sinkId, sink.name(), sink.nativeCopy(), context, connection, relation);
        context.fusedCopies().put(sinkId, rows);
        return rows;
    }
}
