package dev.pz.engine.template;

import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Turns a template value into output text: strings as-is, integers as digits, decimals as
 * {@link Double#toString(double)} (so 10.0 renders "10.0" and 1e20 renders "1.0E20"), booleans
 * as true/false, null as nothing, lists as {@code [a, b]} and maps as {@code {k: v}} with their
 * elements rendered the same way (strings unquoted).
 */
final class ValueRenderer {

    private ValueRenderer() {
    }

    /** Stops rendering a list or map whose text grows beyond the template's bound. */
    private static void bounded(StringJoiner joiner) {
        TemplateLimits.checkText(joiner.length(), 0);
    }

    static String render(Object value) {
        StringBuilder output = new StringBuilder();
        append(output, value);
        return output.toString();
    }

    static void append(StringBuilder output, Object value) {
        if (value == null) {
            return;
        }
        if (value instanceof List<?> list) {
            StringJoiner joiner = new StringJoiner(", ", "[", "]");
            list.forEach(element -> bounded(joiner.add(render(element))));
            output.append(joiner);
        } else if (value instanceof Map<?, ?> map) {
            StringJoiner joiner = new StringJoiner(", ", "{", "}");
            map.forEach((key, element) -> bounded(joiner.add(key + ": " + render(element))));
            output.append(joiner);
        } else if (value instanceof Float number) {
            output.append(Double.toString(number.doubleValue()));
        } else {
            output.append(value);
        }
    }
}
