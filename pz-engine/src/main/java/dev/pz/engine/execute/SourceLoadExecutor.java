package dev.pz.engine.execute;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.SpoolFetch;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.engine.compile.Incremental;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.compile.StagingNames;
import dev.pz.engine.events.NodeMeter;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.WatermarkCandidate;
import dev.pz.engine.plan.PlannedNode;
import dev.pz.engine.plan.Strategy;
import java.io.IOException;
import java.nio.file.Path;

/** Lands one dataset as {@code staging.src_<conn>__<entity>}. */
final class SourceLoadExecutor {

    NodeOutcome execute(SourceLoadNode sourceNode, RunContext context, DuckConnection connection) {
        SourceSlice slice = context.slice(sourceNode);
        SourceLoadNode node = slice == null ? sourceNode : slice.narrow(sourceNode);
        PlannedNode planned = context.plan().node(node.id()).orElseThrow();
        String table = Relations.staging(node.name());
        NodeResult.Timings timings = null;
        long rows;
        if (dev.pz.engine.compile.CdcRouting.isCdc(node)) {
            // Never reused by a retry: the stored token did not move, so reading again yields the same changes.
            return ChangeLanding.land(node, context, connection);
        }
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
                        : slice != null ? slice.bounds(watermark(node, context)) : watermark(node, context));
        if (planned.strategy() == Strategy.NATIVE_SCAN && planned.nativeScan() != null) {
            NativeScan scan = window == null ? planned.nativeScan()
                    : WatermarkWindow.nativeScan(node, context, spec).orElse(planned.nativeScan());
            context.setup().ensure(connection, scan.setupStatements(), "source '" + node.datasetKey() + "'");
            boolean fused = context.plan().isFused(node.id());
            if (context.events().wantsMeters()) {
                meterNativeScan(node, scan, context, connection);
            }
            Path fetched = scan.spoolFetch() == null ? null : spool(node, context);
            try {
                String fragment = fetched == null ? scan.sqlFragment() : fetch(scan.spoolFetch(), fetched, context);
                if (fused) {
                    java.util.Optional<NodeOutcome> streamed = FusedSource.load(node, scan, context, connection, table,
                            fragment);
                    if (streamed.isPresent()) {
                        // A fused source is read in full, never incrementally: it offers no watermark.
                        return streamed.get();
                    }
                    fused = false;
                }
                long created = connection.execute("create or replace table " + table + " as select * from " + fragment);
                // A table's CREATE reports the rows it stored.
                rows = created >= 0 ? created : Counts.rows(connection, table);
                SourceLints.check(node, scan, context, connection, table);
            } finally {
                // A table holds its rows now; a fused view reads the fetched files until the run ends.
                if (fetched != null && !fused) {
                    context.temporaries().release(fetched);
                }
            }
        } else {
            connection.execute("drop table if exists " + table);
            java.util.Optional<UniversalIngest.Landed> streamed = context.plan().isStreamed(node.id()) && slice == null
                    ? StreamedChain.run(node, spec, context, connection) : java.util.Optional.empty();
            UniversalIngest.Landed landed = streamed.isPresent() ? streamed.get()
                    : UniversalIngest.land(node, spec, context, connection, table);
            rows = landed.rows();
            timings = landed.timings();
        }
        if (window != null) {
            rows = window.trim(connection, table);
        }
        if (slice != null) {
            rows = slice.trim(connection, table);
        }
        NodeOutcome landed = new NodeOutcome(rows, null,
                WatermarkCapture.capture(node, context, connection, table, window).orElse(null), timings, null);
        return SchemaDriftGate.apply(node, context, connection, table, landed);
    }

    /** A fresh directory in the run's spool for the objects a native read downloads. */
    private static Path spool(SourceLoadNode node, RunContext context) {
        try {
            return context.temporaries().createDirectory(context.temporaries().spool());
        } catch (IOException e) {
            throw new PzConnectorException(PzCode.NODE_FAILED, "source '" + node.datasetKey() + "': could not create"
                    + " a spool directory: " + e.getClass().getSimpleName().replace("Exception", "") + " "
                    + e.getMessage(), false, null, e);
        }
    }

    /** The connector's download, stopped by a cancel when it is {@link dev.pz.connectors.api.Cancellable}. */
    private static String fetch(SpoolFetch fetch, Path spool, RunContext context) {
        try (Cancellation.Registration stoppable = context.cancellation().trackWhileOpen(fetch)) {
            return fetch.fetch(spool);
        }
    }

    /**
     * While DuckDB reads the source itself no row count exists until it finishes; its own progress
     * (the share of the file read) times the file's size says how many bytes it has read.
     */
    private static void meterNativeScan(SourceLoadNode node, NativeScan scan, RunContext context,
            DuckConnection connection) {
        connection.trackProgress();
        long size = scan.sizeBytes();
        context.events().nodeMetered(node, () -> new NodeMeter.NodeCounters(NodeMeter.NodeCounters.UNKNOWN,
                size < 0 ? NodeMeter.NodeCounters.UNKNOWN
                        : connection.progress().stream().mapToLong(fraction -> Math.round(fraction * size))
                                .findFirst().orElse(NodeMeter.NodeCounters.UNKNOWN),
                size));
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
