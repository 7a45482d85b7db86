package dev.pz.engine.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * project.yml {@code state:}: the backend ({@code local}, {@code sqlserver}, {@code http},
 * {@code postgres}) and its keys. Settings may hold secrets (a token, a password): never print them.
 */
public record StateConfig(String backend, Map<String, Object> settings, boolean fromDefault) {
    /** The setting naming what chose the backend: {@code project.yml}, {@code PZ_STATE_BACKEND} or {@code --state-url}. */
    public static final String SOURCE = "source";

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

    /**
     * The backend and where the choice came from, as notes and {@code pz state show} print it:
     * {@code local (default)}, {@code local (from project.yml)}, {@code http (from PZ_STATE_BACKEND)},
     * {@code http (from --state-url)}. It names no address, so no credential in a URL can reach it.
     */
    public String describe() {
        return backend + (fromDefault ? " (default)" : " (from " + settings.getOrDefault(SOURCE, "project.yml") + ")");
    }
}
