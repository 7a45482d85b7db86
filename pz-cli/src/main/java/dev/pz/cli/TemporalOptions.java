package dev.pz.cli;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/** The Temporal connection both {@code pz worker} and {@code pz submit} take. */
final class TemporalOptions {
    private static final Pattern ADDRESS = Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._-]+):([0-9]{1,5})");

    @Option(names = "--temporal", paramLabel = "<host:port>", required = true,
            description = "The Temporal frontend's gRPC address, e.g. localhost:7233.")
    String target;

    @Option(names = "--namespace", paramLabel = "<name>", defaultValue = "default",
            description = "The Temporal namespace (default: ${DEFAULT-VALUE}).")
    String namespace;

    @Option(names = "--task-queue", paramLabel = "<queue>", defaultValue = "pz",
            description = "The task queue workers poll and submissions target (default: ${DEFAULT-VALUE}).")
    String taskQueue;

    /** What is wrong with these options, if anything (PZ0733). */
    List<PzError> problems() {
        var matcher = ADDRESS.matcher(target);
        if (!matcher.matches() || Integer.parseInt(matcher.group(2)) < 1 || Integer.parseInt(matcher.group(2)) > 65535) {
            return List.of(PzError.of(PzCode.SUBMIT_ARGUMENTS_INVALID, "--temporal must be host:port, found \"" + target
                    + "\"").withHint("pass the frontend's gRPC address, e.g. --temporal localhost:7233"));
        }
        if (taskQueue.isBlank() || namespace.isBlank()) {
            return List.of(PzError.of(PzCode.SUBMIT_ARGUMENTS_INVALID, "--task-queue and --namespace must not be empty")
                    .withHint("leave them out for the defaults, --task-queue pz and --namespace default"));
        }
        return List.of();
    }
}
