package dev.pz.connectors.http;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A dataset's {@code query:} parameters. A value may hold {@code {{ watermark }}} (the stored
 * watermark) and {@code {{ window_upper }}} (the bounded window's upper end); a parameter that
 * references a binding without a value (the first run, a full refresh, an unwindowed read) is left
 * out of the request.
 */
final class QueryTemplate {

    static final String WATERMARK = "watermark";
    static final String WINDOW_UPPER = "window_upper";
    private static final Set<String> BINDINGS = Set.of(WATERMARK, WINDOW_UPPER);
    private static final Pattern BINDING = Pattern.compile("\\{\\{\\s*([a-z_]+)\\s*\\}\\}");

    private final Map<String, String> parameters;

    private QueryTemplate(Map<String, String> parameters) {
        this.parameters = parameters;
    }

    /** Problems of a {@code query:} block, one message each. */
    static List<String> problems(Map<String, Object> query) {
        List<String> problems = new ArrayList<>();
        if (query == null) {
            return problems;
        }
        query.forEach((name, value) -> {
            if (value == null || value instanceof Map || value instanceof List) {
                problems.add("query parameter '" + name + "' must be a single value (text, number or boolean)");
                return;
            }
            String text = String.valueOf(value);
            Matcher matcher = BINDING.matcher(text);
            while (matcher.find()) {
                if (!BINDINGS.contains(matcher.group(1))) {
                    problems.add("query parameter '" + name + "': unknown binding '{{ " + matcher.group(1)
                            + " }}' (known: {{ watermark }}, {{ window_upper }})");
                }
            }
            String rest = BINDING.matcher(text).replaceAll("");
            if (rest.contains("{{") || rest.contains("}}")) {
                problems.add("query parameter '" + name + "': malformed binding template '" + text
                        + "' (write {{ watermark }} or {{ window_upper }})");
            }
        });
        return problems;
    }

    static QueryTemplate of(Map<String, Object> query) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (query != null) {
            query.forEach((name, value) -> parameters.put(name, String.valueOf(value)));
        }
        return new QueryTemplate(parameters);
    }

    /** {@code uri} with every parameter whose bindings all have values, in declaration order. */
    URI apply(URI uri, Map<String, String> bindings) {
        URI result = uri;
        for (Map.Entry<String, String> parameter : parameters.entrySet()) {
            String value = expand(parameter.getValue(), bindings);
            if (value != null) {
                result = QueryString.with(result, parameter.getKey(), value);
            }
        }
        return result;
    }

    /** The value with its bindings filled in, or null when one has no value. */
    private static String expand(String text, Map<String, String> bindings) {
        Matcher matcher = BINDING.matcher(text);
        StringBuilder expanded = new StringBuilder();
        while (matcher.find()) {
            String value = bindings.get(matcher.group(1));
            if (value == null) {
                return null;
            }
            matcher.appendReplacement(expanded, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(expanded);
        return expanded.toString();
    }
}
