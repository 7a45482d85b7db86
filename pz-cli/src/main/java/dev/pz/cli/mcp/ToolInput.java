package dev.pz.cli.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One argument of a tool: its snake_case name, JSON type, whether it must be given, and what it is for. */
record ToolInput(String name, String type, boolean required, String description) {

    static ToolInput required(String name, String type, String description) {
        return new ToolInput(name, type, true, description);
    }

    static ToolInput optional(String name, String type, String description) {
        return new ToolInput(name, type, false, description);
    }

    /** The property's JSON Schema: its type, and string items for an array. */
    Map<String, Object> schema() {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", type);
        if (type.equals("array")) {
            schema.put("items", Map.of("type", "string"));
        }
        schema.put("description", description);
        return schema;
    }

    /** The JSON kind of an argument's value as the MCP SDK decoded it. */
    static String kindOf(Object value) {
        if (value instanceof Boolean) {
            return "boolean";
        }
        if (value instanceof String) {
            return "string";
        }
        if (value instanceof Number) {
            return "number";
        }
        if (value instanceof List<?>) {
            return "array";
        }
        if (value instanceof Map<?, ?>) {
            return "object";
        }
        return "null";
    }

    boolean accepts(Object value) {
        String kind = kindOf(value);
        return switch (type) {
            case "integer" -> value instanceof Integer || value instanceof Long
                    || value instanceof Number number && number.doubleValue() == Math.rint(number.doubleValue());
            case "number" -> kind.equals("number");
            default -> kind.equals(type);
        };
    }
}
