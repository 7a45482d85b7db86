package dev.pz.cli;

import picocli.CommandLine.Option;

/** Options shared by the verbs that execute nodes ({@code run}, {@code test}). */
final class RunOptions {

    @Option(names = "--log-format", paramLabel = "<text|json>", description = "Console output: text (default) or json.")
    String logFormat = "text";

    @Option(names = "--no-lock-check", description = "Skip the pz.lock.json drift check.")
    boolean noLockCheck;

    @Option(names = "--otel-endpoint", paramLabel = "<url>", description = "Export the run's traces over OTLP/HTTP to this collector (default: $PZ_OTEL_ENDPOINT).")
    String otelEndpoint;

    @Option(names = "--state-url", paramLabel = "<url>", description = "Keep state at this HTTP state service"
            + " (instead of project.yml's state:); PZ_STATE_TOKEN is its bearer token.")
    String stateUrl;
}
