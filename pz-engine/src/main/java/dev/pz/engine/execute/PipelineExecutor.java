package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.model.Materialization;

/**
 * Materializes a pipeline: {@code CREATE OR REPLACE TABLE|VIEW staging.<name> AS (<sql>)}. A fused
 * pipeline is a view and runs its sink's COPY (see {@link FusedCopy}).
 */
final class PipelineExecutor {
    NodeOutcome execute(PipelineNode node, RunContext context, DuckConnection connection) {
        if (context.plan().isFused(node.id())) {
            return NodeOutcome.rows(FusedCopy.write(node, context, connection));
        }
        java.util.OptionalLong streamed = StreamedChain.pipelineRows(node, context);
        return NodeOutcome.rows(streamed.isPresent() ? streamed.getAsLong() : stage(node, context, connection));
    }

    /** The staged path: creates the relation and returns the rows it reports (0 for a view). */
    static long stage(PipelineNode node, RunContext context, DuckConnection connection) {
        boolean view = node.materialization() == Materialization.VIEW;
        long created = create(node, context, connection, view);
        // A table's CREATE reports the rows it stored, so the table is not scanned again to count them.
        return view ? 0 : created >= 0 ? created : Counts.rows(connection, Relations.staging(node.name()));
    }

    /**
     * Creates (or replaces) the pipeline's relation {@code staging.<name>}; returns the rows DuckDB
     * reports it stored (-1 for a view, or when it reports none).
     */
    static long create(PipelineNode node, RunContext context, DuckConnection connection, boolean view) {
        String sql = CursorLiterals.substitute(node.sql(), context.storedWatermarks());
        return connection.execute("create or replace " + (view ? "view " : "table ") + Relations.staging(node.name())
                + " as (\n" + sql + "\n)");
    }
}
