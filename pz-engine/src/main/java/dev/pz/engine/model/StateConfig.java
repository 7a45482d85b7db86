package dev.pz.engine.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * project.yml {@code state:}: the backend ({@code local}, {@code sqlserver}, {@code http},
 * {@code postgres}) and its keys. Settings may hold secrets (a token, a password): never print them.
 */
public record StateConfig(String backend, Map<String, Object> settings, boolean fromDefault) {

    public StateConfig {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    public static StateConfig local() {
        return new StateConfig("local", Map.of(), true);
    }

    /** Names the settings without their values, which may be secrets. */
    @Override
    public String toString() {
        return "StateConfig[backend=" + backend + ", settings=" + settings.keySet() + ", fromDefault=" + fromDefault + "]";
    }

    /** The local backend chosen by default, not by project.yml, the environment or {@code --state-url}. */
    public boolean fullyDefault() {
        return fromDefault && backend.equals("local");
    }

    /** How the backend was chosen, for notes: {@code " (--state-url)"} or empty. */
    public String provenance() {
        return "--state-url".equals(settings.get("source")) ? " (--state-url)" : "";
    }
}
