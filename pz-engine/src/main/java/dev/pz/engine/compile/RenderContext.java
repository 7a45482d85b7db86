package dev.pz.engine.compile;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What rendering may read besides the project: the environment snapshot taken once per invocation,
 * and the values of the {@code run_id} and {@code run_started_at} constants.
 */
public record RenderContext(Map<String, String> environment, String runId, String runStartedAt) {

    public RenderContext {
        environment = Collections.unmodifiableMap(new TreeMap<>(environment));
    }

    /** A context whose run constants are fixed, so compiling twice gives identical artifacts. */
    public static RenderContext forCompile(Map<String, String> environment) {
        return new RenderContext(environment, "00000000000000000000000000000000", "2000-01-01T00:00:00.0000000+00:00");
    }
}
