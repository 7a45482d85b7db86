package dev.pz.engine.execute;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.Incremental;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.events.WatermarkCandidate;
import java.util.Optional;

/**
 * After an incremental source lands: checks the cursor's landed type against the stored watermark
 * and computes the candidate, {@code max(cursor)} in canonical form, or none for an empty delta.
 */
final class WatermarkCapture {

    private WatermarkCapture() {
    }

    static Optional<WatermarkCandidate> capture(SourceLoadNode node, RunContext context, DuckConnection connection,
            String table) {
        return capture(node, context, connection, table, null);
    }

    /**
     * As {@link #capture(SourceLoadNode, RunContext, DuckConnection, String)}; with a {@code window} the
     * landed type must be the declared one, a caught-up window proposes nothing, and the candidate is
     * the capped {@code max(cursor)} of the window (its upper bound when the window was empty).
     */
    static Optional<WatermarkCandidate> capture(SourceLoadNode node, RunContext context, DuckConnection connection,
            String table, WatermarkWindow window) {
        Incremental incremental = node.incremental();
        if (incremental == null) {
            return Optional.empty();
        }
        String cursor = incremental.cursor();
        String landed = connection.query("select column_type from (describe " + table + ") where lower(column_name) = "
                + SqlLiterals.string(cursor.toLowerCase(java.util.Locale.ROOT)), rs -> rs.getString(1))
                .stream().findFirst()
                .orElseThrow(() -> new PzException(PzCode.UNSUPPORTED_CURSOR_TYPE, "source '" + node.datasetKey()
                        + "': cursor column '" + cursor + "' is not in the landed data"));
        String type = CursorLiterals.cursorType(landed).orElseThrow(() -> new PzException(
                PzCode.UNSUPPORTED_CURSOR_TYPE, "source '" + node.datasetKey() + "': cursor '" + cursor + "' landed as "
                        + landed + "; a cursor must be INTEGER, BIGINT, DECIMAL, DATE or TIMESTAMP"));
        WatermarkCandidate stored = context.storedWatermarks().get(node.datasetKey());
        if (stored != null && !stored.type().equals(type)) {
            throw new PzException(PzCode.UNSUPPORTED_CURSOR_TYPE, "source '" + node.datasetKey() + "': the stored "
                    + "watermark is a " + stored.type() + " but cursor '" + cursor + "' landed as " + type
                    + " -- run once with --full-refresh to start over");
        }
        if (window != null && !window.type().equals(type)) {
            throw new PzException(PzCode.UNSUPPORTED_CURSOR_TYPE, "source '" + node.datasetKey() + "': cursor '"
                    + cursor + "' is declared " + window.type() + " but landed as " + landed);
        }
        if (window != null && window.caughtUp()) {
            return Optional.empty();
        }
        String column = SqlLiterals.identifier(cursor);
        String expression = switch (type) {
            case "timestamp" -> "strftime(max(" + column + "), '%Y-%m-%dT%H:%M:%S.%f')";
            case "date" -> "strftime(max(" + column + "), '%Y-%m-%d')";
            default -> "cast(max(" + column + ") as varchar)";
        };
        if (window != null) {
            return Optional.of(window.candidate(connection.queryScalar("select " + expression + " from " + table
                    + window.probeFilter()).map(Object::toString)));
        }
        Optional<Object> value = connection.queryScalar("select " + expression + " from " + table);
        return value.map(v -> new WatermarkCandidate(cursor, type, v.toString()));
    }
}
