package dev.pz.engine.load;

import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.RetrySpec;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.WriteDef;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An entity's {@code write:} block or the keyword arguments of a {@code sink()} call. pz's own
 * keys are {@code strategy}, {@code keys}, {@code duplicates}, {@code on_delete},
 * {@code schema_policy} and {@code retry}; retired and misplaced keys are refused; everything else
 * is a connector write option.
 * Cross-checks that need the DAG (merge without keys, keys without merge) belong to the compiler.
 */
public final class WriteBlockParser {
    static final List<String> STRATEGIES = List.of("replace", "append", "merge");
    static final List<String> ON_DELETE = List.of("delete", "soft", "ignore");
    static final List<String> SCHEMA_POLICIES = java.util.Arrays.stream(SchemaPolicy.values()).map(SchemaPolicy::word)
            .toList();

    private WriteBlockParser() {
    }

    public static WriteDef parse(Map<String, Object> block, BlockContext context, Problems problems) {
        String prefix = context.description() + ": ";
        String where = context.callSite() ? "as a sink() keyword argument" : "under write:";
        Map<String, Object> options = new LinkedHashMap<>();
        WriteStrategy strategy = WriteStrategy.APPEND;
        boolean strategyValid = true;
        List<String> keys = List.of();
        boolean duplicatesAccepted = false;
        String onDelete = null;
        SourceLocation onDeleteLocation = null;
        SchemaPolicy schemaPolicy = WriteDef.DEFAULT_SCHEMA_POLICY;
        RetrySpec retry = null;
        Map<String, SourceLocation> keyLocations = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : block.entrySet()) {
            String key = entry.getKey();
            Object value = entry.getValue();
            SourceLocation location = LocatedMap.locate(block, key, context.location());
            keyLocations.put(key, location);
            switch (key) {
                case "strategy" -> {
                    if (value == null) {
                        break;
                    }
                    var parsed = value instanceof String word ? WriteStrategy.fromWord(word) : java.util.Optional.<WriteStrategy>empty();
                    if (parsed.isPresent()) {
                        strategy = parsed.get();
                    } else {
                        strategyValid = false;
                        problems.error(PzCode.SYNC_MODE_INVALID, prefix + "unknown write strategy " + Values.describe(value)
                                + " (expected one of replace, append, merge).", location,
                                NearMiss.didYouMean(String.valueOf(value), STRATEGIES).orElse(
                                        "replace swaps the whole output, append adds rows, merge upserts by keys"));
                    }
                }
                case "keys" -> {
                    if (value == null) {
                        break;
                    }
                    if (Values.isStringList(value)) {
                        keys = Values.strings(value);
                    } else {
                        problems.error(PzCode.YAML_SHAPE, prefix + "keys must be a list of strings, the key columns' names (got "
                                + Values.describe(value) + ").", location, "write e.g. keys: [id]");
                    }
                }
                case "duplicates" -> {
                    if (value == null) {
                        break;
                    }
                    if ("accept".equals(value)) {
                        duplicatesAccepted = true;
                    } else {
                        problems.error(PzCode.SYNC_MODE_INVALID, prefix + "duplicates accepts only the literal 'accept' (got "
                                + Values.describe(value) + ").", location,
                                "write duplicates: accept to consent to at-least-once appends, or delete the key");
                    }
                }
                case "on_delete" -> {
                    if (value == null) {
                        break;
                    }
                    if (value instanceof String word && ON_DELETE.contains(word)) {
                        onDelete = word;
                        onDeleteLocation = location;
                    } else {
                        problems.error(PzCode.SYNC_MODE_INVALID, prefix + "unknown on_delete " + Values.describe(value)
                                + " (expected one of delete, soft, ignore).", location,
                                NearMiss.didYouMean(String.valueOf(value), ON_DELETE).orElse(
                                        "delete removes the row, soft stamps _pz_deleted_at, ignore keeps it"));
                    }
                }
                case "schema_policy" -> {
                    if (value == null) {
                        break;
                    }
                    if (value instanceof String word && SchemaPolicy.fromWord(word).isPresent()) {
                        schemaPolicy = SchemaPolicy.fromWord(word).get();
                    } else {
                        problems.error(PzCode.SYNC_MODE_INVALID, prefix + "unknown schema_policy " + Values.describe(value)
                                + " (expected one of fail_on_change, additive, evolve).", location,
                                NearMiss.didYouMean(String.valueOf(value), SCHEMA_POLICIES).orElse(
                                        "fail_on_change is the default; additive adds new columns"));
                    }
                }
                case "retry" -> retry = RetryParser.parse(value, ReadBlockParser.withLocation(context, location), problems);
                case "mode", "accept_duplicates", "write" -> problems.error(PzCode.RETIRED_WRITE_SURFACE,
                        prefix + retired(key, where, context.callSite()), location, switch (key) {
                            case "mode" -> "use strategy: replace, append or merge";
                            case "accept_duplicates" -> "use duplicates: accept";
                            default -> "pass the write options directly (strategy, keys, duplicates, …)";
                        });
                case "input" -> problems.error(PzCode.REMOVED_INPUT_FIELD, prefix + (context.callSite()
                        ? "'input' is not a sink() keyword argument (it was removed)"
                        : "'input' " + where + " was removed") + "; the pipeline that names this output in sink() is its "
                        + "input.", location,
                        "delete input and start the pipeline with INSERT INTO {{ sink('<connection>', '<entity>') }}");
                case "rate_limit" -> problems.error(PzCode.RATE_LIMIT_CONFIG_INVALID,
                        prefix + "'rate_limit' is not accepted " + where + "; it is instance-level, set on the connection.", location,
                        "move rate_limit: to the connection's own level in connections.yml");
                case "max_concurrency" -> problems.error(PzCode.CONCURRENCY_CONFIG_INVALID,
                        prefix + "'max_concurrency' is not accepted " + where + "; it is instance-level, set on the connection.", location,
                        "move max_concurrency: to the connection's own level in connections.yml");
                case "schema", "table" -> ReadBlockParser.retiredQualifier(block, key, context, where, location,
                        problems);
                default -> options.put(key, value);
            }
        }
        if (onDelete != null && strategyValid && strategy != WriteStrategy.MERGE) {
            problems.error(PzCode.SYNC_MODE_INVALID, prefix + "on_delete requires strategy: 'merge' (strategy is "
                    + strategy.word() + ").", onDeleteLocation, "set strategy: merge with keys, or delete on_delete");
        }
        return new WriteDef(strategy, keys, duplicatesAccepted, onDelete, schemaPolicy, retry, options,
                context.location(), keyLocations);
    }

    /** A retired write key: at a call site it is simply not a keyword argument sink() takes. */
    private static String retired(String key, String where, boolean callSite) {
        return callSite ? "'" + key + "' is not a sink() keyword argument (it was retired)."
                : "'" + key + "' " + where + " was retired.";
    }
}
