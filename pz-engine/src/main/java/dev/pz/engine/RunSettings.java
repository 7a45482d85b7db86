package dev.pz.engine;

/**
 * How a run executes: {@code failFast} skips everything still pending after the first failure;
 * {@code fullRefresh} ignores stored watermarks.
 */
public record RunSettings(boolean failFast, boolean fullRefresh) {

    public static RunSettings defaults() {
        return new RunSettings(false, false);
    }
}
