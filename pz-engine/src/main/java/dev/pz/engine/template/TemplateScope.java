package dev.pz.engine.template;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The sandbox a template renders in: the only names a template can see are the constants and
 * functions registered here (plus its own loop and assigned variables). There are no builtins.
 */
public final class TemplateScope {
    private final Map<String, Object> constants = new LinkedHashMap<>();
    private final Map<String, TemplateFunction> functions = new LinkedHashMap<>();

    private TemplateScope() {
    }

    public static TemplateScope create() {
        return new TemplateScope();
    }

    /** Registers a read-only value, such as {@code this} or {@code run_id}. */
    public TemplateScope constant(String name, Object value) {
        requireFree(name);
        constants.put(name, value);
        return this;
    }

    /** Registers a callable, such as {@code source} or {@code var}. */
    public TemplateScope function(String name, TemplateFunction function) {
        requireFree(name);
        functions.put(name, Objects.requireNonNull(function, "function"));
        return this;
    }

    boolean hasConstant(String name) {
        return constants.containsKey(name);
    }

    Object constantValue(String name) {
        return constants.get(name);
    }

    Optional<TemplateFunction> findFunction(String name) {
        return Optional.ofNullable(functions.get(name));
    }

    boolean defines(String name) {
        return constants.containsKey(name) || functions.containsKey(name);
    }

    Set<String> functionNames() {
        return Collections.unmodifiableSet(new TreeSet<>(functions.keySet()));
    }

    Set<String> constantNames() {
        return Collections.unmodifiableSet(new TreeSet<>(constants.keySet()));
    }

    private void requireFree(String name) {
        Objects.requireNonNull(name, "name");
        if (defines(name)) {
            throw new IllegalArgumentException("template name '" + name + "' is already registered");
        }
    }
}
