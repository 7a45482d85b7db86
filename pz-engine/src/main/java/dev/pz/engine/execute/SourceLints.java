package dev.pz.engine.execute;

import dev.pz.connectors.api.NativeScan;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.SourceLoadNode;

/** The warnings of a native read whose schema DuckDB inferred, run over the landed relation. */
final class SourceLints {

    private SourceLints() {
    }

    static void check(SourceLoadNode node, NativeScan scan, RunContext context, DuckConnection connection,
            String relation) {
        if (!scan.schemaInferred()) {
            return;
        }
        LossyIntegerLint.check(node, context, connection, relation);
        if (scan.sniffFragment() != null) {
            AmbiguousDateLint.check(node, context, connection, relation, scan.sniffFragment());
        }
    }
}
