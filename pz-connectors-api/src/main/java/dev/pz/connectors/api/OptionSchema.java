package dev.pz.connectors.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The options a connector accepts in one place (connection, read or write), each with its type and
 * whether it is required. pz checks unknown and mistyped options against it (PZ0301).
 */
public record OptionSchema(Map<String, Option> options) {

    public OptionSchema {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    public static OptionSchema empty() {
        return new OptionSchema(Map.of());
    }

    /** One accepted option. */
    public record Option(OptionType type, boolean required) {
    }

    /** The YAML shape an option's value must have. */
    public enum OptionType {
        STRING, INTEGER, BOOLEAN, NUMBER, MAP, LIST, STRING_OR_LIST, ANY
    }

    /** Builds a schema in declaration order. */
    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        private final Map<String, Option> options = new LinkedHashMap<>();

        public Builder optional(String name, OptionType type) {
            options.put(name, new Option(type, false));
            return this;
        }

        public Builder required(String name, OptionType type) {
            options.put(name, new Option(type, true));
            return this;
        }

        public OptionSchema build() {
            return new OptionSchema(options);
        }
    }
}
