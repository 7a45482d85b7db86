package dev.pz.cli;

import dev.pz.engine.compile.Node;
import dev.pz.engine.execute.NodeResult;
import dev.pz.engine.execute.RunListener;
import java.io.PrintWriter;

/**
 * The plain line renderer: one line per node as it completes,
 * {@code <ok|FAIL|skip> <name> <rows> rows <ms>ms}, a failed node's error indented under it.
 */
final class PlainRenderer implements RunListener {
    private final PrintWriter out;

    PlainRenderer(PrintWriter out) {
        this.out = out;
    }

    @Override
    public synchronized void nodeCompleted(NodeResult result) {
        out.println(result.status().marker() + " " + result.name() + " " + result.rows() + " rows "
                + result.durationMs() + "ms");
        if (result.error() != null) {
            String text = result.error().code().code() + ": " + result.error().message();
            for (String line : text.split("\n", -1)) {
                out.println("  " + line);
            }
        }
        out.flush();
    }

    @Override
    public synchronized void retryScheduled(Node node, int attempt, int maxAttempts, long delayMs, String reason) {
        out.println("retry: " + node.name() + " attempt " + attempt + "/" + maxAttempts + " in " + delayMs + "ms ("
                + reason + ")");
        out.flush();
    }
}
