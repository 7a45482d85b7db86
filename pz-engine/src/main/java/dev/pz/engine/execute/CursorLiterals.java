package dev.pz.engine.execute;

import dev.pz.duckdb.SqlLiterals;
import dev.pz.engine.compile.StagingNames;
import dev.pz.engine.events.WatermarkCandidate;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Watermark values in SQL, and the cursor types of landed DuckDB columns. */
final class CursorLiterals {
    static final Pattern SENTINEL = Pattern.compile("'(__pz_watermark__[^']*__)'");

    private CursorLiterals() {
    }

    /** {@code TIMESTAMP '…'}, {@code DATE '…'} or bare digits. */
    static String typed(String type, String value) {
        return switch (type) {
            case "timestamp" -> "TIMESTAMP " + SqlLiterals.string(value);
            case "date" -> "DATE " + SqlLiterals.string(value);
            default -> value;
        };
    }

    /** The cursor type of a landed column type, or empty when it cannot be a cursor. */
    static Optional<String> cursorType(String duckType) {
        String type = duckType.toUpperCase(Locale.ROOT);
        if (type.equals("INTEGER")) {
            return Optional.of("int");
        }
        if (type.equals("BIGINT")) {
            return Optional.of("bigint");
        }
        if (type.startsWith("DECIMAL")) {
            return Optional.of("decimal");
        }
        if (type.equals("DATE")) {
            return Optional.of("date");
        }
        if (type.startsWith("TIMESTAMP")) {
            return Optional.of("timestamp");
        }
        return Optional.empty();
    }

    /** The dataset key a sentinel stands for: {@code __pz_watermark__<conn>__<entity>__}. */
    static String datasetOf(String sentinel) {
        String inner = sentinel.substring("__pz_watermark__".length(), sentinel.length() - 2);
        int split = inner.indexOf("__");
        return inner.substring(0, split) + "." + inner.substring(split + 2);
    }

    /** Replaces each sentinel by the stored watermark's typed literal, or NULL when there is none. */
    static String substitute(String sql, Map<String, WatermarkCandidate> stored) {
        Matcher matcher = SENTINEL.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            WatermarkCandidate watermark = stored.get(datasetOf(matcher.group(1)));
            String literal = watermark == null ? "NULL" : typed(watermark.type(), watermark.value());
            matcher.appendReplacement(out, Matcher.quoteReplacement(literal));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    static String sentinelOf(String connection, String entity) {
        return StagingNames.watermarkSentinel(connection, entity);
    }
}
