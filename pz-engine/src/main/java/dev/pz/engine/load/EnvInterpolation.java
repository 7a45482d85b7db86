package dev.pz.engine.load;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${NAME}} interpolation of one file's values: {@code $${} is a
 * literal {@code ${}; a quoted value stays text; an unquoted value that is exactly one reference is
 * re-typed from the substituted text only when that is lossless ({@code 5432} → Long, {@code true} →
 * Boolean, while {@code 0123456}, {@code 1.10}, {@code 1e5} stay text). Unset names are collected
 * and reported together as {@code PZ0103}.
 */
final class EnvInterpolation {
    private static final Pattern TOKEN = Pattern.compile("\\$\\$\\{|\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
    private static final Pattern WHOLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
    private static final Pattern LOSSLESS_INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");
    private static final Pattern LOSSLESS_DECIMAL = Pattern.compile("-?(0|[1-9][0-9]*)\\.[0-9]+");

    private final Map<String, String> env;
    private final String file;
    private final Map<String, Integer> missing = new LinkedHashMap<>();

    EnvInterpolation(Map<String, String> env, String file) {
        this.env = env;
        this.file = file;
    }

    /** The node as plain values with every reference substituted. */
    Object interpolate(YamlNode node) {
        if (node instanceof YamlNode.Mapping mapping) {
            LocatedMap map = new LocatedMap();
            for (YamlNode.Entry entry : mapping.entries().values()) {
                Object value = interpolate(entry.value());
                map.putLocated(entry.key(), value, entry.line(), value instanceof String text ? text : null);
            }
            return map;
        }
        if (node instanceof YamlNode.Sequence sequence) {
            List<Object> list = new ArrayList<>();
            for (YamlNode item : sequence.items()) {
                list.add(interpolate(item));
            }
            return list;
        }
        YamlNode.Scalar scalar = (YamlNode.Scalar) node;
        String text = scalar.text();
        if (!(scalar.value() instanceof String) || !text.contains("${")) {
            return scalar.value();
        }
        Matcher whole = WHOLE.matcher(text);
        if (scalar.plain() && whole.matches()) {
            String value = lookup(whole.group(1), scalar.line());
            return value == null ? text : retype(value);
        }
        Matcher tokens = TOKEN.matcher(text);
        StringBuilder result = new StringBuilder();
        while (tokens.find()) {
            String replacement;
            if (tokens.group(1) == null) {
                replacement = "${";
            } else {
                String value = lookup(tokens.group(1), scalar.line());
                replacement = value == null ? tokens.group() : value;
            }
            tokens.appendReplacement(result, Matcher.quoteReplacement(replacement));
        }
        tokens.appendTail(result);
        return result.toString();
    }

    /** Adds one {@code PZ0103} per unset name, at the line of its first reference. */
    void reportMissing(Problems problems) {
        missing.forEach((name, line) -> problems.error(PzCode.UNDECLARED_ENV_VAR,
                "Undeclared environment variable '" + name + "' referenced in " + file + ".",
                new SourceLocation(file, line),
                "Set the " + name + " environment variable before running pz, or remove the reference from " + file + "."));
    }

    /** The first unescaped {@code ${NAME}} reference in {@code text}, or null. */
    static String firstReference(String text) {
        Matcher tokens = TOKEN.matcher(text);
        while (tokens.find()) {
            if (tokens.group(1) != null) {
                return tokens.group();
            }
        }
        return null;
    }

    static Object retype(String text) {
        if (text.equals("true")) {
            return Boolean.TRUE;
        }
        if (text.equals("false")) {
            return Boolean.FALSE;
        }
        if (LOSSLESS_INTEGER.matcher(text).matches()) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException tooLarge) {
                return text;
            }
        }
        if (LOSSLESS_DECIMAL.matcher(text).matches()) {
            double value = Double.parseDouble(text);
            if (Double.toString(value).equals(text)) {
                return value;
            }
        }
        return text;
    }

    private String lookup(String name, int line) {
        String value = env.get(name);
        if (value == null) {
            missing.putIfAbsent(name, line);
        }
        return value;
    }
}
