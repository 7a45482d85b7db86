package dev.pz.temporal;

import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.OptionalInt;

/**
 * pz's exit codes as Temporal failures and back. 0 succeeds; 1 (a node failed: bad data, a sink
 * refusing rows) and 2 (bad input) fail for good, so Temporal does not retry them; 3 (cancelled or
 * fatal), 75 (transient) and a death by signal (128 + n) are retried; so is any other code, within
 * the attempts the submission allows. The failure's type carries the code: {@code pz.exit.<code>}.
 */
final class PzExit {
    static final String TYPE_PREFIX = "pz.exit.";

    private PzExit() {
    }

    static boolean retryable(int exitCode) {
        return exitCode != 1 && exitCode != 2;
    }

    /** The failure of a step that exited with {@code exitCode} (not 0), its last output lines in the message. */
    static ApplicationFailure failure(Step step, int exitCode, List<String> lastLines) {
        String message = step.describe() + ": pz exited with " + exitCode + describeSignal(exitCode)
                + (lastLines.isEmpty() ? "" : "\n" + String.join("\n", lastLines));
        String type = TYPE_PREFIX + exitCode;
        return retryable(exitCode) ? ApplicationFailure.newFailure(message, type)
                : ApplicationFailure.newNonRetryableFailure(message, type);
    }

    /** The exit code a failure of {@link #failure} carries, if it is one. */
    static OptionalInt exitCode(ApplicationFailure failure) {
        String type = failure.getType();
        if (type == null || !type.startsWith(TYPE_PREFIX)) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(type.substring(TYPE_PREFIX.length())));
        } catch (NumberFormatException notOurs) {
            return OptionalInt.empty();
        }
    }

    private static String describeSignal(int exitCode) {
        return exitCode > 128 && exitCode < 160 ? " (killed by signal " + (exitCode - 128) + ")" : "";
    }
}
