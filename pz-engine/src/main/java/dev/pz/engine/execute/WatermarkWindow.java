package dev.pz.engine.execute;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Incremental;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.WatermarkCandidate;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.state.CursorValues;
import dev.pz.engine.state.WindowMath;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The slice a windowed source load extracts this run (docs/incremental.md):
 * {@code lower} is the stored watermark, or {@code initial} on a first run and under
 * {@code --full-refresh}; {@code upper = min(lower + max_window, until)}; the slice is
 * {@code (lower, upper]}. When {@code upper <= lower} the source is caught up: it lands nothing and
 * proposes no candidate. Everything here is a pure function of the node and the stored watermarks
 * the run read, so the epilogue and {@code --until-caught-up} reach the same verdict as the executor.
 */
public record WatermarkWindow(String datasetKey, String cursor, String type, String lower, String upper,
        String until) {

    /** {@code upper <= lower}: nothing is left below {@code until}. */
    public boolean caughtUp() {
        return CursorValues.compare(type, upper, lower) <= 0;
    }

    /**
     * The window of a windowed node, or empty for any other node.
     *
     * @throws PzException PZ0505 when the stored watermark has another type than the declared cursor
     */
    public static Optional<WatermarkWindow> of(SourceLoadNode node, Map<String, WatermarkCandidate> stored) {
        Incremental incremental = node.incremental();
        if (incremental == null || incremental.window() == null) {
            return Optional.empty();
        }
        Incremental.Window window = incremental.window();
        WatermarkCandidate previous = stored.get(node.datasetKey());
        String lower = window.initial();
        if (previous != null) {
            if (!previous.type().equals(window.type())) {
                throw new PzException(PzCode.UNSUPPORTED_CURSOR_TYPE, "source '" + node.datasetKey()
                        + "': the stored watermark is a " + previous.type() + " but cursor '" + incremental.cursor()
                        + "' is declared " + window.type() + " -- run once with --full-refresh to start over");
            }
            lower = CursorValues.canonicalize(window.type(), previous.value()).orElseThrow(() -> new PzException(
                    PzCode.UNSUPPORTED_CURSOR_TYPE, "source '" + node.datasetKey() + "': the stored watermark '"
                            + previous.value() + "' is not a " + window.type()
                            + " value -- run once with --full-refresh to start over"));
        }
        String upper = WindowMath.add(window.type(), lower, window.maxWindow());
        if (window.until() != null) {
            upper = WindowMath.min(window.type(), upper, window.until());
        }
        return Optional.of(new WatermarkWindow(node.datasetKey(), incremental.cursor(), window.type(), lower, upper,
                window.until()));
    }

    /**
     * The bounds a connector receives: the window for a windowed node, the stored watermark as an
     * exclusive floor for an unwindowed {@code sync:} incremental, nothing otherwise (SQL-declared
     * bounds are applied by the pipeline's own predicate).
     */
    static DatasetSpec.Watermark bounds(SourceLoadNode node, Map<String, WatermarkCandidate> stored,
            WatermarkWindow window) {
        if (window != null) {
            return new DatasetSpec.Watermark(window.cursor(), window.lower(), false, window.upper());
        }
        Incremental incremental = node.incremental();
        if (incremental == null || incremental.declaredInSql()) {
            return null;
        }
        WatermarkCandidate previous = stored.get(node.datasetKey());
        return new DatasetSpec.Watermark(incremental.cursor(), previous == null ? null : previous.value(), false, null);
    }

    /** The connector's native scan for the windowed spec (it wraps its fragment), if it offers one. */
    static Optional<NativeScan> nativeScan(SourceLoadNode node, RunContext context, DatasetSpec spec) {
        ConnectionDef def = context.project().connections().get(node.connection());
        Optional<Connector> connector = context.connectors().find(def.connector());
        if (connector.isEmpty()) {
            return Optional.empty();
        }
        Optional<Source> source = connector.get().openSource(ConnectorRegistry.configFor(def,
                context.project().directory()));
        if (source.isEmpty()) {
            return Optional.empty();
        }
        try (Source opened = source.get()) {
            return opened.nativeScan(spec);
        }
    }

    /**
     * Deletes staged rows outside {@code (lower, upper]} (a connector may over-deliver) and returns
     * the rows left.
     */
    long trim(DuckConnection connection, String table) {
        String column = SqlLiterals.identifier(cursor);
        connection.execute("delete from " + table + " where " + column + " <= " + CursorLiterals.typed(type, lower)
                + " or " + column + " > " + CursorLiterals.typed(type, upper));
        return Counts.rows(connection, table);
    }

    /** {@code where "<c>" > <lower> and "<c>" <= <upper>} for the candidate probe. */
    String probeFilter() {
        String column = SqlLiterals.identifier(cursor);
        return " where " + column + " > " + CursorLiterals.typed(type, lower) + " and " + column + " <= "
                + CursorLiterals.typed(type, upper);
    }

    /** The candidate of a landed window: {@code max(cursor)} capped at {@code upper}, or {@code upper} when empty. */
    WatermarkCandidate candidate(Optional<String> max) {
        String value = max.filter(v -> !v.isEmpty()).map(v -> WindowMath.min(type, v, upper)).orElse(upper);
        return new WatermarkCandidate(cursor, type, value);
    }

    /** {@code source '<c>.<e>' is caught up (watermark <lower> has reached until <until>)}. */
    public String caughtUpNotice() {
        return "source '" + datasetKey + "' is caught up (watermark " + lower + " has reached until " + until + ")";
    }

    /**
     * The caught-up notices of a finished run: one per successful windowed source load whose window,
     * computed from the watermarks the run read, was empty.
     */
    public static List<String> caughtUpNotices(CompiledDag dag, Collection<NodeResult> results,
            Map<String, WatermarkCandidate> stored) {
        List<String> notices = new ArrayList<>();
        for (NodeResult result : results) {
            if (result.status() != NodeStatus.SUCCESS || !(dag.node(result.id()) instanceof SourceLoadNode node)) {
                continue;
            }
            try {
                of(node, stored).filter(WatermarkWindow::caughtUp).ifPresent(w -> notices.add(w.caughtUpNotice()));
            } catch (RuntimeException e) {
                // The executor reported this as the node's failure already.
            }
        }
        return notices;
    }
}
