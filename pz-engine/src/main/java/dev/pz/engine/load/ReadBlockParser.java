package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.ReadDef;
import dev.pz.engine.model.RetrySpec;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.SyncDef;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An entity's {@code read:} block or the keyword arguments of a {@code source()} call. pz's own keys are {@code columns}, {@code sync}
 * and {@code retry}; retired and misplaced keys are refused; everything else is a connector read
 * option, kept in written order.
 */
public final class ReadBlockParser {
    static final List<String> SYNC_MODES = List.of("incremental", "cdc", "auto");

    private ReadBlockParser() {
    }

    public static ReadDef parse(Map<String, Object> block, BlockContext context, Problems problems) {
        String prefix = context.description() + ": ";
        String where = context.callSite() ? "as a source() keyword argument" : "under read:";
        Map<String, Object> options = new LinkedHashMap<>();
        Map<String, String> columns = null;
        SyncDef sync = null;
        RetrySpec retry = null;
        Map<String, SourceLocation> keyLocations = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : block.entrySet()) {
            String key = entry.getKey();
            Object value = entry.getValue();
            SourceLocation location = LocatedMap.locate(block, key, context.location());
            keyLocations.put(key, location);
            switch (key) {
                case "columns" -> columns = parseColumns(value, prefix, location, problems);
                case "sync" -> sync = parseSync(value, prefix, location, problems);
                case "retry" -> retry = RetryParser.parse(value, withLocation(context, location), problems);
                case "rate_limit", "max_concurrency" -> problems.error(PzCode.RATE_LIMIT_CONFIG_INVALID,
                        prefix + "'" + key + "' is not accepted " + where + "; it is instance-level, set on the connection.", location,
                        "move " + key + ": to the connection's own level in connections.yml");
                case "schema", "table" -> retiredQualifier(block, key, context, where, location, problems);
                case "incremental" -> problems.error(PzCode.RETIRED_READ_SURFACE,
                        prefix + "the 'incremental' " + (context.callSite() ? "keyword argument" : "block")
                                + " was retired; incremental reads are declared with sync.",
                        location, incrementalRewrite(retiredCursor(value), context.callSite()));
                default -> options.put(key, value);
            }
        }
        return new ReadDef(options, columns, sync, retry, context.location(), keyLocations);
    }

    static BlockContext withLocation(BlockContext context, SourceLocation location) {
        return new BlockContext(context.description(), location, context.callSite(), context.entity());
    }

    /**
     * {@code PZ0348} for a block's {@code schema:}/{@code table:}, reported once per block (at the first of
     * the two) with the entity name that replaces them: {@code schema.table}, or the entity's own name
     * qualified by {@code schema}, or {@code table} alone.
     */
    static void retiredQualifier(Map<String, Object> block, String key, BlockContext context, String where,
            SourceLocation at, Problems problems) {
        boolean both = block.containsKey("schema") && block.containsKey("table");
        if (both && !key.equals(firstQualifier(block))) {
            return;
        }
        String suffix = context.callSite() ? "" : ":";
        String retired = both ? "'schema" + suffix + "' and 'table" + suffix + "' " + where + " were"
                : "'" + key + suffix + "' " + where + " was";
        problems.error(PzCode.RETIRED_ENTITY_QUALIFIER, context.description() + ": " + retired
                + " retired; the entity name carries the qualifier.", at, qualifierHint(block, context.entity()));
    }

    private static String firstQualifier(Map<String, Object> block) {
        return block.keySet().stream().filter(k -> k.equals("schema") || k.equals("table")).findFirst().orElse(null);
    }

    private static String qualifierHint(Map<String, Object> block, String entity) {
        Object schema = block.get("schema");
        Object table = block.get("table");
        String name = Values.isScalar(table) ? String.valueOf(table) : entity == null ? "<table>" : entity;
        String example = schema == null ? name : (Values.isScalar(schema) ? String.valueOf(schema) : "<schema>") + "."
                + name;
        return "remove schema:/table: and name the entity 'schema.table' (here '" + example + "')";
    }

    /**
     * The {@code sync:} that replaces a retired {@code incremental:}: a keyword argument at a call site, a
     * block indented for an entity's {@code read:} in connections.yml.
     */
    private static String incrementalRewrite(String cursor, boolean callSite) {
        return callSite ? "write sync: {mode: 'incremental', cursor: '" + cursor + "'}"
                : "replace it with\nsync:\n          mode: incremental\n          cursor: " + cursor;
    }

    private static String retiredCursor(Object value) {
        if (value instanceof String text && !text.isBlank()) {
            return text;
        }
        if (value instanceof Map<?, ?> map) {
            for (String key : List.of("cursor", "column", "cursor_column")) {
                if (map.get(key) instanceof String text && !text.isBlank()) {
                    return text;
                }
            }
        }
        return "<column>";
    }

    private static Map<String, String> parseColumns(Object value, String prefix, SourceLocation location,
            Problems problems) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof Map<?, ?> raw)) {
            problems.error(PzCode.YAML_SHAPE, prefix + "columns must be a mapping of column name to type (got "
                    + Values.describe(value) + ").", location, "write e.g. columns: {id: bigint, email: varchar}");
            return null;
        }
        Map<String, String> columns = new LinkedHashMap<>();
        for (Map.Entry<?, ?> column : raw.entrySet()) {
            String name = String.valueOf(column.getKey());
            Object type = column.getValue();
            @SuppressWarnings("unchecked")
            SourceLocation at = LocatedMap.locate((Map<String, ?>) raw, name, location);
            if (!Values.isScalar(type) || String.valueOf(type).isBlank()) {
                problems.error(PzCode.YAML_SHAPE, prefix + "columns must be a mapping of column name to type, but column '"
                        + name + "' has " + Values.describe(type) + ".", at,
                        "give each column a DuckDB type name, e.g. " + name + ": varchar");
                continue;
            }
            @SuppressWarnings("unchecked")
            String written = LocatedMap.rawText((Map<String, ?>) raw, name);
            columns.put(name, written);
        }
        return columns.isEmpty() ? null : columns;
    }

    private static SyncDef parseSync(Object value, String prefix, SourceLocation location, Problems problems) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof Map<?, ?> raw)) {
            problems.error(PzCode.SYNC_MODE_INVALID, prefix + "sync must be a mapping with a 'mode' key (got "
                    + Values.describe(value) + ").", location, "write it as a block, e.g.\nsync:\n  mode: incremental\n"
                    + "  cursor: <column>\n(or sync: {mode: cdc}; delete it for a full read)");
            return null;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> block = (Map<String, Object>) raw;
        Object modeValue = block.get("mode");
        if (modeValue == null) {
            problems.error(PzCode.SYNC_MODE_INVALID, prefix + "sync is missing required field 'mode' (the bare marker form"
                    + " 'sync: incremental' was retired).", location,
                    "write sync: {mode: incremental, cursor: <column>} or sync: {mode: cdc}; for a plain full read delete it");
            return null;
        }
        SourceLocation modeLocation = LocatedMap.locate(block, "mode", location);
        if (!(modeValue instanceof String mode) || !SYNC_MODES.contains(mode)) {
            problems.error(PzCode.SYNC_MODE_INVALID, prefix + "unknown sync mode " + Values.describe(modeValue)
                    + " (expected one of incremental, cdc, auto).", modeLocation,
                    NearMiss.didYouMean(String.valueOf(modeValue), SYNC_MODES).orElse(
                            "use incremental (engine cursor), cdc (change data capture) or auto (connector's natural read)"));
            return null;
        }
        List<String> allowed = switch (mode) {
            case "incremental" -> List.of("mode", "cursor", "max_window", "initial", "until");
            case "cdc" -> List.of("mode", "slot");
            default -> List.of("mode");
        };
        boolean valid = true;
        for (Map.Entry<String, Object> entry : block.entrySet()) {
            String key = entry.getKey();
            SourceLocation at = LocatedMap.locate(block, key, location);
            if (!allowed.contains(key)) {
                String problem = mode.equals("auto") ? "mode 'auto' accepts no other keys (got '" + key + "')."
                        : "unknown 'sync' key '" + key + "' for mode '" + mode + "'.";
                problems.error(PzCode.SYNC_MODE_INVALID, prefix + problem, at,
                        NearMiss.didYouMean(key, allowed).map(s -> s + " ").orElse("")
                                + "mode '" + mode + "' accepts " + Values.choices(allowed));
                valid = false;
            } else if (!key.equals("mode") && !Values.isScalar(entry.getValue())) {
                problems.error(PzCode.SYNC_MODE_INVALID, prefix + "'sync." + key + "' must be a scalar value (got "
                        + Values.describe(entry.getValue()) + ").", at, "write sync." + key + " as one scalar");
                valid = false;
            }
        }
        String cursor = text(block, "cursor");
        if (mode.equals("incremental") && (cursor == null || cursor.isBlank())) {
            problems.error(PzCode.SYNC_MODE_INVALID, prefix + "sync mode 'incremental' is missing required field 'cursor'.",
                    location, "name the ordered column, e.g. sync: {mode: incremental, cursor: updated_at}");
            valid = false;
        }
        if (!valid) {
            return null;
        }
        return switch (mode) {
            case "incremental" -> new SyncDef(SyncDef.Mode.INCREMENTAL, cursor, text(block, "max_window"),
                    text(block, "initial"), text(block, "until"), null);
            case "cdc" -> new SyncDef(SyncDef.Mode.CDC, null, null, null, null, text(block, "slot"));
            default -> new SyncDef(SyncDef.Mode.AUTO, null, null, null, null, null);
        };
    }

    private static String text(Map<String, Object> block, String key) {
        Object value = block.get(key);
        return Values.isScalar(value) ? LocatedMap.rawText(block, key) : null;
    }
}
