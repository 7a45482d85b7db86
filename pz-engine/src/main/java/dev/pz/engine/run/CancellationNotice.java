package dev.pz.engine.run;

import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.execute.Cancellation;
import java.util.List;
import java.util.Optional;

/**
 * The line a run cancelled by the user ends with: why it stopped and which nodes it interrupted
 * while they ran ({@code cancelled} on the console, {@code skipped} in run_results.json). A run
 * stopped by fail-fast or an unresponsive node says so in its failed node's line instead.
 */
public final class CancellationNotice {

    private CancellationNotice() {
    }

    /** {@code run cancelled (<reason>): interrupted <a>, <b>}; empty when the user did not cancel. */
    public static Optional<String> of(Cancellation user, List<NodeResult> results) {
        String reason = user.reason();
        if (reason == null) {
            return Optional.empty();
        }
        List<String> interrupted = results.stream().filter(result -> result.status() == NodeStatus.CANCELLED)
                .map(NodeResult::name).toList();
        return Optional.of("run cancelled (" + reason + "): " + (interrupted.isEmpty() ? "no node was running"
                : "interrupted " + String.join(", ", interrupted)));
    }

    /** What a run cancelled before its first node says (nothing ran, no run directory was made). */
    public static String beforeAnyNode() {
        return "run cancelled before any node started";
    }
}
