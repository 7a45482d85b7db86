package dev.pz.engine.execute;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.Incremental;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.compile.StagingNames;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.WatermarkCandidate;
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
                node.read().columns(), window != null ? WatermarkWindow.bounds(node, context.storedWatermarks(), window)
                        : watermark(node, context));
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
        NodeOutcome landed = new NodeOutcome(rows, null,
                WatermarkCapture.capture(node, context, connection, table, window).orElse(null), timings, null);
        return SchemaDriftGate.apply(node, context, connection, table, landed);
    }

    /**
     * The incremental bounds handed to a universal read: the cursor, and the stored watermark as
     * an exclusive floor when it was captured on the same cursor. A SQL-declared dataset pushes
     * its floor only when every floor is a bare {@code watermark()} and there is no ceiling
     * (evaluated bounds and windows are not pushed; the pipeline's own filter still applies).
     */
    static DatasetSpec.Watermark watermark(SourceLoadNode node, RunContext context) {
        Incremental incremental = node.incremental();
        if (incremental == null) {
            return null;
        }
        WatermarkCandidate stored = context.storedWatermarks().get(node.datasetKey());
        String lower = stored != null && stored.cursor() != null && stored.cursor().equalsIgnoreCase(incremental.cursor())
                ? stored.value() : null;
        boolean inclusive = false;
        if (incremental.declaredInSql()) {
            String sentinel = StagingNames.watermarkSentinel(node.connection(), node.entity());
            boolean bare = incremental.sqlBounds().stream().allMatch(bound -> !bound.upper()
                    && bound.valueSql().strip().equals("'" + sentinel + "'"));
            if (!bare) {
                lower = null;
            }
            inclusive = incremental.sqlBounds().stream().anyMatch(Incremental.SqlBound::inclusive);
            if (inclusive && !capabilities(node, context).contains(ConnectorCapability.INCLUSIVE_WATERMARK_BOUND)) {
                lower = null;
            }
        }
        return new DatasetSpec.Watermark(incremental.cursor(), lower, inclusive, null);
    }

    private static java.util.Set<ConnectorCapability> capabilities(SourceLoadNode node, RunContext context) {
        return java.util.Optional.ofNullable(context.project().connections().get(node.connection()))
                .flatMap(def -> context.connectors().find(def.connector())).map(Connector::capabilities)
                .orElse(java.util.Set.of());
    }
}
