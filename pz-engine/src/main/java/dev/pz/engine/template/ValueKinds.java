package dev.pz.engine.template;

import java.util.List;
import java.util.Map;

/** Classifies template values: how messages name them, truthiness, and number handling. */
final class ValueKinds {

    private ValueKinds() {
    }

    /** "a string", "a list", "null" ... for error messages. */
    static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String) {
            return "a string";
        }
        if (value instanceof Boolean) {
            return "a boolean";
        }
        if (isInteger(value)) {
            return "an integer";
        }
        if (value instanceof Number) {
            return "a decimal";
        }
        if (value instanceof List) {
            return "a list";
        }
        if (value instanceof Map) {
            return "a map";
        }
        return "a " + value.getClass().getSimpleName();
    }

    /** Scriban truthiness: null and false are false, every other value is true. */
    static boolean isTrue(Object value) {
        return value != null && !Boolean.FALSE.equals(value);
    }

    static boolean isInteger(Object value) {
        return value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte;
    }

    static boolean isNumber(Object value) {
        return isInteger(value) || value instanceof Double || value instanceof Float;
    }
}
