package dev.pz.connectors.api;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One write of one entity: where, how (strategy, keys, schema policy) and the connector's options.
 *
 * <p>{@code maxTextLengths} holds, for a sink declaring {@link ConnectorCapability#TEXT_LENGTH_STATS},
 * the longest value (in characters) of each text column of the data about to be written, by column
 * name; a column holding only nulls is absent. It is empty for every other sink and at plan time
 * (null is taken as empty). A sink sizes the text columns of a table it creates from it.
 *
 * <p>{@code onDelete} is set only for a merge output fed by a change capture that declares
 * {@code on_delete:}; a sink declaring {@link ConnectorCapability#APPLY_DELETES} then returns a
 * {@link DeleteApplyingSession} (and for {@link OnDelete#SOFT} creates a table with the
 * {@link OnDelete#DELETED_AT} column).
 */
public record OutputSpec(String connection, String entity, WriteStrategy strategy, SchemaPolicy schemaPolicy,
        Map<String, Object> options, List<String> keys, WriteAttempt attempt, Map<String, Long> maxTextLengths,
        OnDelete onDelete) implements OptionValues {

    public OutputSpec {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(entity, "entity");
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(schemaPolicy, "schemaPolicy");
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        keys = List.copyOf(keys);
        maxTextLengths = maxTextLengths == null ? Map.of() : Map.copyOf(maxTextLengths);
    }

    /** A write that applies no deletes. */
    public OutputSpec(String connection, String entity, WriteStrategy strategy, SchemaPolicy schemaPolicy,
            Map<String, Object> options, List<String> keys, WriteAttempt attempt, Map<String, Long> maxTextLengths) {
        this(connection, entity, strategy, schemaPolicy, options, keys, attempt, maxTextLengths, null);
    }

    /** A write without text statistics. */
    public OutputSpec(String connection, String entity, WriteStrategy strategy, SchemaPolicy schemaPolicy,
            Map<String, Object> options, List<String> keys, WriteAttempt attempt) {
        this(connection, entity, strategy, schemaPolicy, options, keys, attempt, Map.of());
    }

    @Override
    public String context() {
        return "output '" + entity + "'";
    }

    /** The same write with the text statistics pz measured. */
    public OutputSpec withMaxTextLengths(Map<String, Long> lengths) {
        return new OutputSpec(connection, entity, strategy, schemaPolicy, options, keys, attempt, lengths, onDelete);
    }

    /** The same write with its {@code on_delete:} (null when the output declares none). */
    public OutputSpec withOnDelete(OnDelete handling) {
        return new OutputSpec(connection, entity, strategy, schemaPolicy, options, keys, attempt, maxTextLengths,
                handling);
    }

    /**
     * Identifies one attempt at one sink node of one run, for names that must not collide.
     * {@code spoolDirectory} is the run's spool, a local {@value TemporaryFiles#DIRECTORY} directory
     * in which a universal write with no local place of its own (an upload) creates its temporaries
     * ({@link TemporaryFiles}); such a sink names it as its {@link Sink#temporaryDirectory}, so pz
     * records it. Null outside a run.
     */
    public record WriteAttempt(String runId, String nodeName, int ordinal, Path spoolDirectory) {

        public WriteAttempt(String runId, String nodeName, int ordinal) {
            this(runId, nodeName, ordinal, null);
        }
    }
}
