package dev.pz.engine.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** project.yml {@code state:}: the backend ({@code local}, {@code sqlserver}, {@code http}) and its keys. */
public record StateConfig(String backend, Map<String, Object> settings, boolean fromDefault) {

    public StateConfig {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    public static StateConfig local() {
        return new StateConfig("local", Map.of(), true);
    }
}
