package dev.pz.engine.state;

import java.util.Objects;

/**
 * A stored or recorded watermark: the cursor column, its cursor type ({@code int}, {@code bigint},
 * {@code decimal}, {@code date}, {@code timestamp}; a stored file may hold anything, see
 * {@link CursorValues#isCursorType}), the canonical value ({@link CursorValues}) and the run that
 * wrote it ({@code manual} after {@code pz state set|rollback}; {@code null} for the watermark object a
 * run records in run_results.json, which carries no run id).
 */
public record Watermark(String cursor, String type, String value, String runId) {

    public Watermark {
        Objects.requireNonNull(cursor, "cursor");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(value, "value");
    }

    /** The run id written by {@code pz state set} and {@code pz state rollback}. */
    public static final String MANUAL_RUN_ID = "manual";

    public Watermark withValue(String newValue, String newRunId) {
        return new Watermark(cursor, type, newValue, newRunId);
    }
}
