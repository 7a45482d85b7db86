package dev.pz.connectors.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One write of one entity: where, how (strategy, keys, schema policy) and the connector's options.
 *
 * <p>{@code maxTextLengths} is filled only for a connector that declares
 * {@link ConnectorCapability#TEXT_LENGTH_STATS}: for each text column of the relation being written,
 * the length in characters of its longest value, absent for a column holding only NULLs (or when the
 * engine did not measure at all, in which case the map is null). A sink sizes the text columns of a
 * table it creates from it.
 */
public record OutputSpec(String connection, String entity, WriteStrategy strategy, String schemaPolicy,
        Map<String, Object> options, List<String> keys, WriteAttempt attempt, Map<String, Long> maxTextLengths) {

    public OutputSpec {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(entity, "entity");
        Objects.requireNonNull(strategy, "strategy");
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        keys = List.copyOf(keys);
        maxTextLengths = maxTextLengths == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(maxTextLengths));
    }

    /** A write without text length statistics. */
    public OutputSpec(String connection, String entity, WriteStrategy strategy, String schemaPolicy,
            Map<String, Object> options, List<String> keys, WriteAttempt attempt) {
        this(connection, entity, strategy, schemaPolicy, options, keys, attempt, null);
    }

    public Optional<String> option(String key) {
        Object value = options.get(key);
        return value == null ? Optional.empty() : Optional.of(String.valueOf(value));
    }

    /** The same write with the engine's text length statistics attached. */
    public OutputSpec withMaxTextLengths(Map<String, Long> lengths) {
        return new OutputSpec(connection, entity, strategy, schemaPolicy, options, keys, attempt, lengths);
    }

    /** Identifies one attempt at one sink node of one run, for names that must not collide. */
    public record WriteAttempt(String runId, String nodeName, int ordinal) {
    }
}
