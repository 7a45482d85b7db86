package dev.pz.cli;

import picocli.CommandLine.Option;

/** Options shared by the verbs that execute nodes ({@code run}, {@code test}). */
final class RunOptions {

    @Option(names = "--log-format", paramLabel = "<text|json>", description = "Console output: text (default) or json.")
    String logFormat = "text";

    @Option(names = "--no-lock-check", description = "Skip the pz.lock.json drift check.")
    boolean noLockCheck;

    @Option(names = "--otel-endpoint", paramLabel = "<url>", description = "OTLP endpoint for traces and metrics.")
    String otelEndpoint;

    @Option(names = "--state-url", paramLabel = "<url>", description = "Keep state at this HTTP state service"
            + " (instead of project.yml's state:); PZ_STATE_TOKEN is its bearer token.")
    String stateUrl;

    /**
     * Refuses the options whose feature this build does not have (OpenTelemetry export), so a run never
     * silently goes without what its command line asked for.
     */
    void refuseUnbuilt() {
        if (otelEndpoint != null) {
            throw new RunExecution.UsageError("--otel-endpoint is not supported by this build of pz (it has no "
                    + "OpenTelemetry export); remove the option");
        }
    }
}
