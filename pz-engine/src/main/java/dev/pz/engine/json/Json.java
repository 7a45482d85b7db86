package dev.pz.engine.json;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * pz's JSON text: maps are written in their iteration order (callers pass ordered maps, so field
 * order is part of the contract), numbers invariant, strings escaped the way the reference pz
 * escapes them (a single quote and non-ASCII characters as unicode escapes). Indented output uses two
 * spaces and LF and never ends with a newline; callers add the final one.
 */
public final class Json {

    private Json() {
    }

    public static String compact(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, -1, false);
        return out.toString();
    }

    public static String indented(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, 0, false);
        return out.toString();
    }

    /** Compact, with object keys sorted ordinally at every level: the form node ids hash. */
    public static String canonical(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, -1, true);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out, int depth, boolean sortKeys) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String text) {
            string(text, out);
        } else if (value instanceof Boolean flag) {
            out.append(flag);
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short) {
            out.append(value);
        } else if (value instanceof Double || value instanceof Float) {
            number(((Number) value).doubleValue(), out);
        } else if (value instanceof BigDecimal decimal) {
            out.append(decimal.toPlainString());
        } else if (value instanceof Map<?, ?> map) {
            object(sortKeys ? new TreeMap<>(stringKeys(map)) : map, out, depth, sortKeys);
        } else if (value instanceof List<?> list) {
            array(list, out, depth, sortKeys);
        } else {
            string(String.valueOf(value), out);
        }
    }

    private static Map<String, Object> stringKeys(Map<?, ?> map) {
        Map<String, Object> copy = new java.util.LinkedHashMap<>();
        map.forEach((key, item) -> copy.put(String.valueOf(key), item));
        return copy;
    }

    private static void object(Map<?, ?> map, StringBuilder out, int depth, boolean sortKeys) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            newline(out, depth >= 0 ? depth + 1 : -1);
            string(String.valueOf(entry.getKey()), out);
            out.append(depth >= 0 ? ": " : ":");
            write(entry.getValue(), out, depth >= 0 ? depth + 1 : -1, sortKeys);
        }
        newline(out, depth);
        out.append('}');
    }

    private static void array(List<?> list, StringBuilder out, int depth, boolean sortKeys) {
        if (list.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            newline(out, depth >= 0 ? depth + 1 : -1);
            write(list.get(i), out, depth >= 0 ? depth + 1 : -1, sortKeys);
        }
        newline(out, depth);
        out.append(']');
    }

    private static void newline(StringBuilder out, int depth) {
        if (depth < 0) {
            return;
        }
        out.append('\n');
        out.append("  ".repeat(depth));
    }

    private static void number(double number, StringBuilder out) {
        if (number == Math.rint(number) && !Double.isInfinite(number) && Math.abs(number) < 1e15) {
            out.append((long) number);
        } else {
            out.append(BigDecimal.valueOf(number).stripTrailingZeros().toString());
        }
    }

    static void string(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '<', '>', '&', '\'', '+', '`' -> unicode(c, out);
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        unicode(c, out);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static void unicode(char c, StringBuilder out) {
        out.append(String.format("\\u%04X", (int) c));
    }
}
