package dev.pz.engine.validate;

import dev.pz.connectors.api.OptionSchema.OptionType;
import java.util.List;
import java.util.Map;

/** Whether a plain YAML value has the shape an option type asks for. */
final class OptionShapes {

    private OptionShapes() {
    }

    static boolean fits(OptionType type, Object value) {
        return switch (type) {
            case STRING -> value instanceof String || value instanceof Long || value instanceof Double
                    || value instanceof Boolean;
            case INTEGER -> value instanceof Long;
            case BOOLEAN -> value instanceof Boolean;
            case NUMBER -> value instanceof Long || value instanceof Double;
            case MAP -> value instanceof Map;
            case LIST -> value instanceof List;
            case STRING_OR_LIST -> value instanceof String || value instanceof List;
            case ANY -> true;
        };
    }

    static String describe(OptionType type) {
        return switch (type) {
            case STRING -> "a string";
            case INTEGER -> "an integer";
            case BOOLEAN -> "true or false";
            case NUMBER -> "a number";
            case MAP -> "a mapping";
            case LIST -> "a list";
            case STRING_OR_LIST -> "a string or a list";
            case ANY -> "any value";
        };
    }
}
