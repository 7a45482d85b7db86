package dev.pz.cli.mcp;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A call's arguments, checked against the tool's published inputs before the tool runs: a missing
 * required argument, an unknown one or one of the wrong JSON kind is an invalid-params error
 * (-32602) that names the argument, so an agent can correct its call.
 */
final class ToolArguments {
    private final Map<String, Object> values;

    private ToolArguments(Map<String, Object> values) {
        this.values = values;
    }

    /** @throws McpError invalid params, naming the argument */
    static ToolArguments check(String tool, List<ToolInput> inputs, Map<String, Object> arguments) {
        Map<String, Object> given = arguments == null ? Map.of() : arguments;
        Map<String, ToolInput> byName = new LinkedHashMap<>();
        inputs.forEach(input -> byName.put(input.name(), input));
        for (ToolInput input : inputs) {
            if (input.required() && given.get(input.name()) == null) {
                throw invalid(tool, "required argument '" + input.name() + "' is missing");
            }
        }
        for (Map.Entry<String, Object> argument : given.entrySet()) {
            ToolInput input = byName.get(argument.getKey());
            if (input == null) {
                String accepted = inputs.isEmpty() ? "none" : inputs.stream().map(ToolInput::name)
                        .collect(Collectors.joining(", "));
                throw invalid(tool, "unknown argument '" + argument.getKey() + "' (accepted: " + accepted + ")");
            }
            Object value = argument.getValue();
            if (value != null && !input.accepts(value)) {
                throw invalid(tool, "argument '" + input.name() + "' expects " + input.type() + ", got "
                        + ToolInput.kindOf(value));
            }
            if (value instanceof List<?> list && list.stream().anyMatch(item -> !(item instanceof String))) {
                throw invalid(tool, "argument '" + input.name() + "' expects an array of strings");
            }
        }
        return new ToolArguments(given);
    }

    private static McpError invalid(String tool, String what) {
        return McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                .message("invalid params for '" + tool + "': " + what).build();
    }

    String string(String name) {
        return (String) values.get(name);
    }

    String string(String name, String fallback) {
        Object value = values.get(name);
        return value == null ? fallback : (String) value;
    }

    boolean flag(String name) {
        return Boolean.TRUE.equals(values.get(name));
    }

    int integer(String name, int fallback) {
        Object value = values.get(name);
        return value == null ? fallback : ((Number) value).intValue();
    }

    List<String> strings(String name) {
        Object value = values.get(name);
        List<String> strings = new ArrayList<>();
        if (value instanceof List<?> list) {
            list.forEach(item -> strings.add((String) item));
        }
        return strings;
    }

    /** An object argument as a map in its given key order; null when absent. */
    @SuppressWarnings("unchecked")
    Map<String, Object> object(String name) {
        Object value = values.get(name);
        return value == null ? null : new LinkedHashMap<>((Map<String, Object>) value);
    }
}
