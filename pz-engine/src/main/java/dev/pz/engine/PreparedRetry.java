package dev.pz.engine;

import java.util.List;
import java.util.Optional;

/**
 * What {@code pz retry} will do about the latest run: nothing (with the line that says why), or run
 * its failed and skipped nodes with their ancestors, reusing staged tables and carrying committed
 * sinks forward. {@code changed} lists nodes of the failed run that the project no longer has;
 * {@code notices} say what is reused and carried forward.
 */
public record PreparedRetry(Optional<String> nothingToDo, List<String> notices, List<String> changed,
        Optional<RunTarget> target) {

    public PreparedRetry {
        notices = List.copyOf(notices);
        changed = List.copyOf(changed);
    }
}
