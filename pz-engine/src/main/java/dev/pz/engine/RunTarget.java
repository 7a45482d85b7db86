package dev.pz.engine;

import dev.pz.engine.run.RetryPlan;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The nodes one run executes, closed over their ancestors, in DAG order; for a retry also what it
 * takes over from the prior run. Made by {@link CompiledProject#target}, {@link CompiledProject#checks}
 * or {@link PreparedRetry#target()}.
 */
public final class RunTarget {
    private final Set<String> effective;
    private final RetryPlan retry;

    RunTarget(Set<String> effective, RetryPlan retry) {
        this.effective = Collections.unmodifiableSet(new LinkedHashSet<>(effective));
        this.retry = retry;
    }

    /** The number of nodes the run executes. */
    public int size() {
        return effective.size();
    }

    /** The ids of the nodes the run executes, in DAG order. */
    Set<String> effective() {
        return effective;
    }

    /** What a retry takes over from the prior run; null outside {@code pz retry}. */
    RetryPlan retry() {
        return retry;
    }
}
