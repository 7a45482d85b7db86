package dev.pz.engine;

/**
 * The run was cancelled before its first node started: nothing ran, no run directory was made and
 * no state changed. Its message is the line a front end prints; the process then exits as fatal.
 */
public final class RunCancelledException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RunCancelledException(String message) {
        super(message);
    }
}
