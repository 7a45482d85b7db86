package dev.pz.connectors.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** One write of one entity: where, how (strategy, keys, schema policy) and the connector's options. */
public record OutputSpec(String connection, String entity, WriteStrategy strategy, String schemaPolicy,
        Map<String, Object> options, List<String> keys, WriteAttempt attempt) {

    public OutputSpec {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(entity, "entity");
        Objects.requireNonNull(strategy, "strategy");
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        keys = List.copyOf(keys);
    }

    public Optional<String> option(String key) {
        Object value = options.get(key);
        return value == null ? Optional.empty() : Optional.of(String.valueOf(value));
    }

    /**
     * Identifies one attempt at one sink node of one run, for names that must not collide.
     * {@code spoolDirectory} is a directory of the run a universal write may stage local files in
     * (deleted when the run ends), or null outside a run.
     */
    public record WriteAttempt(String runId, String nodeName, int ordinal, java.nio.file.Path spoolDirectory) {

        public WriteAttempt(String runId, String nodeName, int ordinal) {
            this(runId, nodeName, ordinal, null);
        }
    }
}
