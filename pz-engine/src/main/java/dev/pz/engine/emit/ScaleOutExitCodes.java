package dev.pz.engine.emit;

import java.util.List;

/**
 * The exit codes every emitted spec keys its retries on: {@code 1} (a node failed on its data) and
 * {@code 2} (bad input) are permanent; {@code 3} (fatal or cancelled) and {@code 75} (transient,
 * from shard runs and commits) may be retried, as may a process killed by a signal (128 + the
 * signal's number: 137 for SIGKILL, 143 for SIGTERM).
 */
public final class ScaleOutExitCodes {
    public static final List<Integer> OK = List.of(0);
    public static final List<Integer> RETRY = List.of(3, 75);
    public static final List<Integer> FAIL = List.of(1, 2);
    /** Exit codes above this one mean the process was ended by a signal. */
    public static final int SIGNALLED_ABOVE = 128;

    private ScaleOutExitCodes() {
    }
}
