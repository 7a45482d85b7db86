package dev.pz.engine.execute;

import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.plan.PlannedNode;
import dev.pz.engine.plan.Strategy;

/** Lands one dataset as {@code staging.src_<conn>__<entity>}. */
final class SourceLoadExecutor {

    NodeOutcome execute(SourceLoadNode node, RunContext context, DuckConnection connection) {
        PlannedNode planned = context.plan().node(node.id()).orElseThrow();
        if (planned.strategy() != Strategy.NATIVE_SCAN || planned.nativeScan() == null) {
            throw new PzException(PzCode.NATIVE_PATH_REQUIRED, "source '" + node.datasetKey()
                    + "': the universal (arrow_stream) tier is not available in this build");
        }
        NativeScan scan = planned.nativeScan();
        context.setup().ensure(connection, scan.setupStatements(), "source '" + node.datasetKey() + "'");
        String table = Relations.staging(node.name());
        connection.execute("create or replace table " + table + " as select * from " + scan.sqlFragment());
        return NodeOutcome.rows(Counts.rows(connection, table));
    }
}
