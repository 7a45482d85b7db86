package dev.pz.cli;

import dev.pz.engine.Tracing;
import java.util.Map;
import picocli.CommandLine.Option;

/** Options shared by the verbs that execute nodes ({@code run}, {@code test}). */
final class RunOptions {

    @Option(names = "--log-format", paramLabel = "<text|json>", description = "Console output: text (default) or json.")
    String logFormat = "text";

    @Option(names = "--no-lock-check", description = "Skip the pz.lock.json drift check.")
    boolean noLockCheck;

    @Option(names = "--otel-endpoint", paramLabel = "<url>", description = "Export the run's traces over OTLP/HTTP to this collector (default: $PZ_OTEL_ENDPOINT).")
    String otelEndpoint;

    @Option(names = "--otel-protocol", paramLabel = "<protocol>", description = "OTLP protocol: http/protobuf, the"
            + " only one this build speaks (default: $PZ_OTEL_PROTOCOL).")
    String otelProtocol;

    @Option(names = "--otel-traces-endpoint", paramLabel = "<url>", description = "Export the run's traces to this"
            + " full OTLP/HTTP traces URL; wins over --otel-endpoint (default: $PZ_OTEL_TRACES_ENDPOINT).")
    String otelTracesEndpoint;

    @Option(names = "--otel-metrics-endpoint", paramLabel = "<url>", description = "Refused: this build exports"
            + " traces only (default: $PZ_OTEL_METRICS_ENDPOINT).")
    String otelMetricsEndpoint;

    @Option(names = "--otel-headers-file", paramLabel = "<file>", description = "Send the Name=Value lines of this"
            + " file as headers with every trace export, read before each (default: $PZ_OTEL_HEADERS_FILE).")
    String otelHeadersFile;

    /** The tracing the {@code --otel-*} options as given and the environment ask for. */
    Tracing tracing(Map<String, String> environment) {
        return Tracing.configure(otelProtocol, otelEndpoint, otelTracesEndpoint, otelMetricsEndpoint, otelHeadersFile,
                environment);
    }

    @Option(names = "--state-url", paramLabel = "<url>", description = "Keep state at this HTTP state service"
            + " (instead of project.yml's state:); PZ_STATE_TOKEN is its bearer token.")
    String stateUrl;
}
