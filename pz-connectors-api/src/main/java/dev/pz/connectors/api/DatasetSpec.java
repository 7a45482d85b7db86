package dev.pz.connectors.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One read of one entity: the connection, the entity named as its system names it, the connector
 * read options (pz's own keys removed), the optional typed {@code columns:} contract in declaration
 * order, the incremental bounds for this run, and for a {@code sync: {mode: cdc}} dataset its
 * change capture (null otherwise).
 */
public record DatasetSpec(String connection, String entity, Map<String, Object> options,
        Map<String, String> columns, Watermark watermark, ChangeCapture changeCapture) implements OptionValues {

    public DatasetSpec {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(entity, "entity");
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        columns = columns == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(columns));
    }

    /** A read that is not a change capture. */
    public DatasetSpec(String connection, String entity, Map<String, Object> options, Map<String, String> columns,
            Watermark watermark) {
        this(connection, entity, options, columns, watermark, null);
    }

    public static DatasetSpec of(String connection, String entity, Map<String, Object> options,
            Map<String, String> columns) {
        return new DatasetSpec(connection, entity, options, columns, null);
    }

    @Override
    public String context() {
        return "dataset '" + entity + "'";
    }

    public Optional<Map<String, String>> contract() {
        return Optional.ofNullable(columns);
    }

    /**
     * Incremental bounds. {@code cursor} is set on every incremental read, even before a
     * watermark exists; {@code lowerValue} is the stored watermark in canonical form (null on the
     * first run); {@code upperBound} is set only for bounded windows.
     */
    public record Watermark(String cursor, String lowerValue, boolean lowerInclusive, String upperBound) {
    }

    /** The same read as a change capture. */
    public DatasetSpec withChangeCapture(ChangeCapture capture) {
        return new DatasetSpec(connection, entity, options, columns, watermark, capture);
    }

    /**
     * A change capture: {@code slot} is the user's {@code sync.slot} (null for the connector's
     * default name); {@code resumeToken} is the stored token of the last committed read, null on a
     * first run or under {@code --full-refresh}, when the read starts with a snapshot of the table.
     */
    public record ChangeCapture(String slot, String resumeToken) {
    }
}
