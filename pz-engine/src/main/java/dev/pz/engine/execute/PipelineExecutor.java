package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.model.Materialization;

/** Materializes a pipeline: {@code CREATE OR REPLACE TABLE|VIEW staging.<name> AS (<sql>)}. */
final class PipelineExecutor {
    NodeOutcome execute(PipelineNode node, RunContext context, DuckConnection connection) {
        boolean fused = context.plan().isFused(node.id());
        boolean view = fused || node.materialization() == Materialization.VIEW;
        String relation = Relations.staging(node.name());
        long created = create(node, context, connection, view);
        if (fused) {
            return NodeOutcome.rows(FusedCopy.write(node, context, connection, relation));
        }
        // A table's CREATE reports the rows it stored, so the table is not scanned again to count them.
        return NodeOutcome.rows(view ? 0 : created >= 0 ? created : Counts.rows(connection, relation));
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
