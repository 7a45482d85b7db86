package dev.pz.engine.execute;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.plan.PlannedNode;
import dev.pz.engine.plan.Strategy;

/** Lands one dataset as {@code staging.src_<conn>__<entity>}. */
final class SourceLoadExecutor {

    NodeOutcome execute(SourceLoadNode node, RunContext context, DuckConnection connection) {
        PlannedNode planned = context.plan().node(node.id()).orElseThrow();
        String table = Relations.staging(node.name());
        NodeResult.Timings timings = null;
        long rows;
        if (context.reuse().covers(node)) {
            java.util.Optional<Long> reused = context.reuse().copy(node, connection, table);
            if (reused.isPresent()) {
                return new NodeOutcome(reused.get(), null,
                        WatermarkCapture.capture(node, context, connection, table).orElse(null), null, "reused");
            }
        }
        WatermarkWindow window = WatermarkWindow.of(node, context.storedWatermarks()).orElse(null);
        DatasetSpec spec = new DatasetSpec(node.connection(), node.entity(), node.read().options(),
                node.read().columns(), WatermarkWindow.bounds(node, context.storedWatermarks(), window));
        if (planned.strategy() == Strategy.NATIVE_SCAN && planned.nativeScan() != null) {
            NativeScan scan = window == null ? planned.nativeScan()
                    : WatermarkWindow.nativeScan(node, context, spec).orElse(planned.nativeScan());
            context.setup().ensure(connection, scan.setupStatements(), "source '" + node.datasetKey() + "'");
            String kind = context.plan().isFused(node.id()) ? "view " : "table ";
            connection.execute("create or replace " + kind + table + " as select * from " + scan.sqlFragment());
            rows = Counts.rows(connection, table);
        } else {
            connection.execute("drop table if exists " + table);
            UniversalIngest.Landed landed = UniversalIngest.land(node, spec, context, connection, table);
            rows = landed.rows();
            timings = landed.timings();
        }
        if (window != null) {
            rows = window.trim(connection, table);
        }
        return new NodeOutcome(rows, null,
                WatermarkCapture.capture(node, context, connection, table, window).orElse(null), timings, null);
    }
}
