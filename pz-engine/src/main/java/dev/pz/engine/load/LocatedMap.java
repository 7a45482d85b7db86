package dev.pz.engine.load;

import dev.pz.engine.model.SourceLocation;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plain mapping converted from YAML that still knows the line of each key and the text each
 * scalar value was written as. Block parsers use it for precise {@code file:line} locations; a map
 * from {@code source()}/{@code sink()} kwargs is an ordinary map and gets the call's location.
 */
final class LocatedMap extends LinkedHashMap<String, Object> {
    private static final long serialVersionUID = 1L;
    private final Map<String, Integer> lines = new HashMap<>();
    private final Map<String, String> rawScalars = new HashMap<>();

    void putLocated(String key, Object value, int line, String rawScalar) {
        put(key, value);
        lines.put(key, line);
        if (rawScalar != null) {
            rawScalars.put(key, rawScalar);
        }
    }

    /** Where {@code key} of {@code map} was written, falling back to {@code fallback}. */
    static SourceLocation locate(Map<String, ?> map, String key, SourceLocation fallback) {
        if (map instanceof LocatedMap located && fallback != null) {
            Integer line = located.lines.get(key);
            if (line != null && line > 0) {
                return new SourceLocation(fallback.file(), line);
            }
        }
        return fallback;
    }

    /** The scalar text of {@code key} as written when known, else the value's string form. */
    static String rawText(Map<String, ?> map, String key) {
        if (map instanceof LocatedMap located && located.rawScalars.containsKey(key)) {
            return located.rawScalars.get(key);
        }
        Object value = map.get(key);
        return value == null ? null : String.valueOf(value);
    }
}
