package dev.pz.engine.template;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Names a template defines while it renders: assigned variables (template-wide, as in Scriban)
 * and loop variables (visible inside their loop only). Values may be null.
 */
final class LocalVariables {
    private final Deque<Map<String, Object>> frames = new ArrayDeque<>();

    LocalVariables() {
        frames.push(new HashMap<>());
    }

    boolean contains(String name) {
        return frameOf(name).isPresent();
    }

    Object get(String name) {
        return frameOf(name).map(frame -> frame.get(name)).orElse(null);
    }

    /** Sets the innermost variable of that name, or a new template-wide one. */
    void assign(String name, Object value) {
        frameOf(name).orElse(frames.getLast()).put(name, value);
    }

    void pushFrame(Map<String, Object> variables) {
        frames.push(new HashMap<>(variables));
    }

    void popFrame() {
        frames.pop();
    }

    Set<String> names() {
        Set<String> names = new TreeSet<>();
        frames.forEach(frame -> names.addAll(frame.keySet()));
        return names;
    }

    private Optional<Map<String, Object>> frameOf(String name) {
        for (Map<String, Object> frame : frames) {
            if (frame.containsKey(name)) {
                return Optional.of(frame);
            }
        }
        return Optional.empty();
    }
}
