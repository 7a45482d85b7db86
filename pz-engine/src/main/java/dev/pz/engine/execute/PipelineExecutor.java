package dev.pz.engine.execute;

import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.PipelineNode;
import dev.pz.engine.model.Materialization;

/** Materializes a pipeline: {@code CREATE OR REPLACE TABLE|VIEW staging.<name> AS (<sql>)}. */
final class PipelineExecutor {
    NodeOutcome execute(PipelineNode node, RunContext context, DuckConnection connection) {
        boolean fused = context.plan().isFused(node.id());
        boolean view = fused || node.materialization() == Materialization.VIEW;
        String relation = create(node, context, connection, view);
        if (fused) {
            return NodeOutcome.rows(FusedCopy.write(node, context, connection, relation));
        }
        return NodeOutcome.rows(view ? 0 : Counts.rows(connection, relation));
    }

    /** Creates (or replaces) the pipeline's relation; returns its name. */
    static String create(PipelineNode node, RunContext context, DuckConnection connection, boolean view) {
        String sql = CursorLiterals.substitute(node.sql(), context.storedWatermarks());
        String relation = Relations.staging(node.name());
        connection.execute("create or replace " + (view ? "view " : "table ") + relation + " as (\n" + sql + "\n)");
        return relation;
    }
}
