package dev.pz.engine;

/**
 * {@code pz clean}'s choices, as typed: {@code keepLast} (default 1; 0 selects every run) or
 * {@code olderThan} (a duration such as {@code 7d}), each null when absent; {@code purge} deletes
 * whole run directories instead of their staging databases; {@code dryRun} deletes nothing.
 */
public record CleanRequest(String keepLast, String olderThan, boolean purge, boolean dryRun) {
}
