package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunListener;
import dev.pz.engine.events.RunStatus;
import dev.pz.engine.telemetry.OtelSettings;
import dev.pz.engine.telemetry.TraceExport;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * OpenTelemetry export against an OTLP/HTTP receiver in the test JVM: a {@code run} span with the
 * run's id and project under the caller's {@code TRACEPARENT}, a {@code node.<Kind>} child per node
 * that started with the reference's attributes and an error status for a failed node; the endpoint
 * from the option or {@code PZ_OTEL_ENDPOINT}; bad settings refused before anything runs; an
 * unreachable collector a note, never a failed run; and with tracing off, not one OpenTelemetry
 * class loaded.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TracingTest {
    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String PARENT_SPAN = "00f067aa0ba902b7";

    @TempDir
    Path temp;

    private Path project;

    @BeforeEach
    void aProjectWithAFailingNode() {
        project = ReportBrowserTest.project(temp.resolve("project")).path();
    }

    private static Map<String, String> environment(String... pairs) {
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.remove("PZ_OTEL_ENDPOINT");
        environment.remove("PZ_OTEL_PROTOCOL");
        environment.remove("TRACEPARENT");
        environment.keySet().removeIf(name -> name.startsWith("PZ_OTEL_") || name.startsWith("OTEL_"));
        for (int i = 0; i < pairs.length; i += 2) {
            environment.put(pairs[i], pairs[i + 1]);
        }
        return environment;
    }

    @Test
    void theRunAndEachNodeThatStartedAreSpansUnderTheCallersTraceparent() throws Exception {
        try (OtlpReceiver receiver = OtlpReceiver.start()) {
            CliRun run = CliRun.pzWithEnv(environment("TRACEPARENT", "00-" + TRACE_ID + "-" + PARENT_SPAN + "-01"),
                    project, "run", "--all", "--otel-endpoint", receiver.endpoint());
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            assertThat(run.out()).doesNotContain("note: could not send");
            assertThat(receiver.paths()).isNotEmpty().allMatch(path -> path.equals("/v1/traces application/x-protobuf"));
            assertThat(receiver.encodings()).as("bodies are gzipped").isNotEmpty().containsOnly("gzip");

            Path runDirectory = RunArtifacts.latestRun(project);
            JsonNode results = RunArtifacts.results(runDirectory);
            List<OtlpReceiver.Received> spans = receiver.spans();
            OtlpReceiver.Received runSpan = spans.stream().filter(span -> span.name().equals("run")).findFirst()
                    .orElseThrow();
            assertThat(spans.stream().filter(span -> span.name().equals("run"))).hasSize(1);
            assertThat(runSpan.traceId()).isEqualTo(TRACE_ID);
            assertThat(runSpan.parentSpanId()).isEqualTo(PARENT_SPAN);
            assertThat(runSpan.attributes()).containsEntry("pz.run.id", runDirectory.getFileName().toString())
                    .containsEntry("pz.run.project", "report_demo");
            assertThat(runSpan.resource()).containsEntry("service.name", "pz");
            assertThat(runSpan.scope()).isEqualTo("Pz.Engine");

            List<String> expected = new ArrayList<>();
            for (JsonNode node : results.get("nodes")) {
                if (results.get("nodeStarts").has(node.get("id").asText())) {
                    expected.add("node." + node.get("kind").asText() + " " + node.get("id").asText() + " "
                            + node.get("name").asText() + " " + node.get("status").asText());
                }
            }
            List<OtlpReceiver.Received> nodeSpans = spans.stream().filter(span -> span.name().startsWith("node."))
                    .toList();
            assertThat(nodeSpans).extracting(span -> span.name() + " " + span.attributes().get("pz.node.id") + " "
                    + span.attributes().get("pz.node.name") + " " + span.attributes().get("pz.node.status"))
                    .containsExactlyInAnyOrderElementsOf(expected);
            assertThat(expected).hasSize(results.get("nodes").size() - 1)
                    .as("the skipped sink never started").noneMatch(line -> line.contains("lake.customer_codes"));
            assertThat(nodeSpans).allSatisfy(span -> {
                assertThat(span.traceId()).isEqualTo(TRACE_ID);
                assertThat(span.parentSpanId()).isEqualTo(runSpan.spanId());
                assertThat(span.startNanos()).isBetween(runSpan.startNanos(), runSpan.endNanos());
                assertThat(span.endNanos()).isBetween(span.startNanos(), runSpan.endNanos());
            });
            assertThat(nodeSpans).filteredOn(span -> span.attributes().get("pz.node.status").equals("failed"))
                    .extracting(span -> span.attributes().get("pz.node.name") + " " + span.statusCode() + " "
                            + span.statusMessage())
                    .containsExactlyInAnyOrder("customer_codes 2 PZ0501", "check_stg_orders_not_null_customer 2 PZ0510");
            assertThat(nodeSpans).filteredOn(span -> span.attributes().get("pz.node.status").equals("success"))
                    .allSatisfy(span -> assertThat(span.statusCode()).as("unset").isZero());
        }
    }

    @Test
    void withoutTraceparentTheRunSpanIsARootAndTheEnvironmentNamesTheEndpoint() throws Exception {
        try (OtlpReceiver used = OtlpReceiver.start(); OtlpReceiver overridden = OtlpReceiver.start()) {
            CliRun fromEnvironment = CliRun.pzWithEnv(environment("PZ_OTEL_ENDPOINT", used.endpoint()), project, "run",
                    "--all");
            assertThat(fromEnvironment.exitCode()).as(fromEnvironment.toString()).isEqualTo(1);
            OtlpReceiver.Received runSpan = used.spans().stream().filter(span -> span.name().equals("run")).findFirst()
                    .orElseThrow();
            assertThat(runSpan.parentSpanId()).isEmpty();
            assertThat(runSpan.traceId()).isNotEqualTo(TRACE_ID).matches("[0-9a-f]{32}");

            CliRun optionWins = CliRun.pzWithEnv(environment("PZ_OTEL_ENDPOINT", overridden.endpoint()), project,
                    "test", "--otel-endpoint", used.endpoint());
            assertThat(optionWins.exitCode()).as(optionWins.toString()).isEqualTo(1);
            assertThat(overridden.spans()).isEmpty();
            assertThat(used.spans().stream().filter(span -> span.name().equals("run"))).hasSize(2);
        }
    }

    @Test
    void badSettingsAreUsageErrorsBeforeAnythingRuns() {
        for (String value : List.of("not-a-url", "ftp://collector:4318", "/relative/path", "relative/path", "http://")) {
            CliRun run = CliRun.pzWithEnv(environment(), project, "run", "--all", "--otel-endpoint", value);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).isEqualTo("error: invalid --otel-endpoint value '" + value
                    + "' (expected an absolute http(s) URL)\n");
        }
        CliRun fromEnvironment = CliRun.pzWithEnv(environment("PZ_OTEL_ENDPOINT", "collector:4318"), project, "retry");
        assertThat(fromEnvironment.exitCode()).as(fromEnvironment.toString()).isEqualTo(2);
        assertThat(fromEnvironment.err()).startsWith("error: invalid --otel-endpoint value 'collector:4318'");
        CliRun grpc = CliRun.pzWithEnv(environment("PZ_OTEL_PROTOCOL", "grpc"), project, "run", "--all",
                "--otel-endpoint", "http://127.0.0.1:4317");
        assertThat(grpc.exitCode()).as(grpc.toString()).isEqualTo(2);
        assertThat(grpc.err()).startsWith("error: invalid PZ_OTEL_PROTOCOL value 'grpc' (pz for Java exports OTLP over "
                + "http/protobuf only;");
        assertThat(Files.exists(project.resolve(".pz/runs"))).isFalse();
    }

    @Test
    void anUnreachableCollectorIsANoteAndTheRunKeepsItsOutcome() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        CliRun run = CliRun.pzWithEnv(environment(), project, "run", "--all", "--otel-endpoint",
                "http://127.0.0.1:" + closedPort);
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.outLines()).anyMatch(line -> line.matches("note: could not send \\d+ span\\(s\\) to http://127"
                + "\\.0\\.0\\.1:" + closedPort + "/v1/traces \\(is an OTLP/HTTP collector listening there\\?\\)"));
        assertThat(run.err()).doesNotContain("io.opentelemetry").doesNotContain("Exception");
    }

    @Test
    void aTracesUrlAndAHeadersFileFromOptionsOrTheEnvironmentEachOptionWinning() throws Exception {
        Path headers = Files.writeString(temp.resolve("headers"), "# the collector's token\nAuthorization=Bearer abc\n\n");
        try (OtlpReceiver chosen = OtlpReceiver.start(); OtlpReceiver passedOver = OtlpReceiver.start()) {
            CliRun flags = CliRun.pzWithEnv(environment("PZ_OTEL_TRACES_ENDPOINT", passedOver.endpoint() + "/env/traces",
                    "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"), project, "run", "--all", "--otel-protocol", "http/protobuf",
                    "--otel-traces-endpoint", chosen.endpoint() + "/custom/traces", "--otel-headers-file",
                    headers.toString());
            assertThat(flags.exitCode()).as(flags.toString()).isEqualTo(1);
            assertThat(flags.out()).doesNotContain("note: ");
            assertThat(chosen.paths()).isNotEmpty().containsOnly("/custom/traces application/x-protobuf");
            assertThat(chosen.authorizations()).containsOnly("Bearer abc");
            assertThat(chosen.spans()).anySatisfy(span -> assertThat(span.name()).isEqualTo("run"));
            assertThat(passedOver.paths()).isEmpty();

            CliRun variables = CliRun.pzWithEnv(environment("PZ_OTEL_TRACES_ENDPOINT", passedOver.endpoint() + "/env/traces",
                    "PZ_OTEL_HEADERS_FILE", headers.toString(), "PZ_OTEL_PROTOCOL", "http/protobuf"), project, "test",
                    "--otel-endpoint", chosen.endpoint());
            assertThat(variables.exitCode()).as(variables.toString()).isEqualTo(1);
            assertThat(passedOver.paths()).as("the traces URL wins over the endpoint").isNotEmpty()
                    .containsOnly("/env/traces application/x-protobuf");
            assertThat(passedOver.authorizations()).containsOnly("Bearer abc");
        }
    }

    @Test
    void otherOtelSettingsThisBuildCannotHonourAreUsageErrors() {
        Map<String, String[]> refusals = new java.util.LinkedHashMap<>();
        refusals.put("error: invalid --otel-protocol value 'ftp' (expected http/protobuf: pz for Java exports OTLP over"
                + " http/protobuf only)\n", new String[] {"--otel-protocol", "ftp"});
        refusals.put("error: invalid --otel-traces-endpoint value 'not a url' (expected an absolute http(s) URL)\n",
                new String[] {"--otel-protocol", "http/protobuf", "--otel-traces-endpoint", "not a url"});
        refusals.put("error: --otel-metrics-endpoint cannot be used: pz for Java exports traces only, no metrics (remove"
                + " it; traces go to --otel-endpoint or --otel-traces-endpoint)\n",
                new String[] {"--otel-endpoint", "http://127.0.0.1:4318", "--otel-metrics-endpoint", "https://m/x"});
        refusals.put("error: invalid --otel-protocol value 'grpc' (pz for Java exports OTLP over http/protobuf only;"
                + " point --otel-endpoint at the collector's OTLP/HTTP receiver, usually port 4318)\n",
                new String[] {"--otel-protocol", "grpc", "--otel-headers-file", "/h", "--otel-endpoint",
                    "http://127.0.0.1:4317"});
        refusals.forEach((message, options) -> {
            List<String> args = new ArrayList<>(List.of("run", "--all"));
            args.addAll(List.of(options));
            CliRun run = CliRun.pzWithEnv(environment(), project, args.toArray(String[]::new));
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).isEqualTo(message);
        });
        CliRun metrics = CliRun.pzWithEnv(environment("PZ_OTEL_METRICS_ENDPOINT", "https://m/x"), project, "run",
                "--all");
        assertThat(metrics.exitCode()).as(metrics.toString()).isEqualTo(2);
        assertThat(metrics.err()).startsWith("error: PZ_OTEL_METRICS_ENDPOINT cannot be used: pz for Java exports"
                + " traces only");
        CliRun grpcOff = CliRun.pzWithEnv(environment("PZ_OTEL_PROTOCOL", "grpc"), project, "run", "--all");
        assertThat(grpcOff.exitCode()).as("grpc with tracing off is nothing to refuse").isEqualTo(1);
        assertThat(Files.exists(project.resolve(".pz/runs"))).isTrue();
    }

    @Test
    void aMissingOrMalformedHeadersFileIsANoteThatNeverEchoesTheFile() throws Exception {
        Path malformed = Files.writeString(temp.resolve("malformed"), "Authorization Bearer secret-value\n");
        try (OtlpReceiver receiver = OtlpReceiver.start()) {
            CliRun missing = CliRun.pzWithEnv(environment(), project, "run", "--all", "--otel-endpoint",
                    receiver.endpoint(), "--otel-headers-file", temp.resolve("absent").toString());
            assertThat(missing.exitCode()).as(missing.toString()).isEqualTo(1);
            assertThat(missing.outLines()).filteredOn(line -> line.startsWith("note: ")).containsExactly("note: the"
                    + " headers file " + temp.resolve("absent") + " does not exist; traces were sent without its headers");
            CliRun bad = CliRun.pzWithEnv(environment(), project, "run", "--all", "--otel-endpoint",
                    receiver.endpoint(), "--otel-headers-file", malformed.toString());
            assertThat(bad.exitCode()).as(bad.toString()).isEqualTo(1);
            assertThat(bad.outLines()).filteredOn(line -> line.startsWith("note: ")).containsExactly("note: line 1 of"
                    + " the headers file " + malformed + " is not Name=Value; it was skipped");
            assertThat(bad.out() + bad.err()).doesNotContain("secret-value");
            assertThat(receiver.authorizations()).isNotEmpty().containsOnly("null");
            assertThat(receiver.spans()).filteredOn(span -> span.name().equals("run")).hasSize(2);
        }
    }

    @Test
    void aMalformedTraceparentIsIgnoredWithANoteAndABlankOneSilently() throws Exception {
        try (OtlpReceiver receiver = OtlpReceiver.start()) {
            for (String value : List.of("not-a-traceparent", "00-00000000000000000000000000000000-" + PARENT_SPAN + "-01",
                    "00-" + TRACE_ID + "-0000000000000000-01")) {
                CliRun run = CliRun.pzWithEnv(environment("TRACEPARENT", value), project, "run", "--all",
                        "--otel-endpoint", receiver.endpoint());
                assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
                assertThat(run.outLines()).contains("note: ignoring TRACEPARENT '" + value + "': not a W3C traceparent"
                        + " (00-<32 hex trace id>-<16 hex span id>-<2 hex flags>, ids not all zero); the run starts a"
                        + " new trace");
            }
            assertThat(receiver.spans()).filteredOn(span -> span.name().equals("run")).hasSize(3)
                    .allSatisfy(span -> assertThat(span.parentSpanId()).isEmpty());
            CliRun blank = CliRun.pzWithEnv(environment("TRACEPARENT", "  "), project, "run", "--all",
                    "--otel-endpoint", receiver.endpoint());
            assertThat(blank.exitCode()).as(blank.toString()).isEqualTo(1);
            assertThat(blank.out()).doesNotContain("TRACEPARENT");
            CliRun padded = CliRun.pzWithEnv(environment("TRACEPARENT", " 00-" + TRACE_ID + "-" + PARENT_SPAN + "-01 "),
                    project, "run", "--all", "--otel-endpoint", receiver.endpoint());
            assertThat(padded.out()).doesNotContain("TRACEPARENT");
            assertThat(receiver.spans()).filteredOn(span -> span.name().equals("run"))
                    .anySatisfy(span -> assertThat(span.parentSpanId()).isEqualTo(PARENT_SPAN));
        }
    }

    @Test
    void aCollectorRefusingTheExportIsANoteAndTheRunKeepsItsOutcome() throws Exception {
        try (OtlpReceiver refusing = OtlpReceiver.start(413)) {
            CliRun run = CliRun.pzWithEnv(environment(), project, "run", "--all", "--otel-endpoint",
                    refusing.endpoint());
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            assertThat(refusing.paths()).isNotEmpty();
            assertThat(run.outLines()).anyMatch(line -> line.startsWith("note: could not send ")
                    && line.endsWith(" span(s) to " + refusing.endpoint() + "/v1/traces (is an OTLP/HTTP collector"
                            + " listening there?)"));
        }
    }

    @Test
    void manySpansGoInRequestsOfAtMost256SpansAndOneMebibyte() throws Exception {
        try (OtlpReceiver receiver = OtlpReceiver.start()) {
            TraceExport export = TraceExport.start(OtelSettings.resolve(receiver.endpoint(), Map.of()).orElseThrow(),
                    Map.of());
            RunListener listener = export.listener();
            listener.runStarted("20260704T100000000Z-ab12", "many", 2000);
            String pad = "x".repeat(1024);
            for (int i = 0; i < 2000; i++) {
                TestNode node = TestNode.source("node-" + i, pad + i);
                listener.nodeStarted(node);
                listener.nodeCompleted(new NodeResult(node.id(), NodeKind.SOURCE_LOAD, node.name(), NodeStatus.SUCCESS,
                        0, 0, null, null, null, null));
            }
            listener.runCompleted(RunStatus.SUCCESS, 2000, 0, 0, 1);
            assertThat(export.finish()).isEmpty();
            assertThat(receiver.spans()).hasSize(2001);
            assertThat(receiver.spansPerRequest()).hasSizeGreaterThanOrEqualTo(8).allMatch(count -> count <= 256);
            assertThat(receiver.bodySizes()).allMatch(size -> size <= 1_048_576);
        }
    }

    @Test
    void tracingOffLoadsNoOpenTelemetryClassAndOnDoes() throws Exception {
        assertThat(loadedOpenTelemetryClasses(temp.resolve("off.log"))).isZero();
        try (OtlpReceiver receiver = OtlpReceiver.start()) {
            assertThat(loadedOpenTelemetryClasses(temp.resolve("on.log"), "--otel-endpoint", receiver.endpoint()))
                    .as("the same probe sees them when tracing is on").isPositive();
        }
    }

    /** Runs {@code pz run --all} in a JVM of its own that logs every class it loads; counts OpenTelemetry's. */
    private long loadedOpenTelemetryClasses(Path log, String... extra) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xlog:class+load=info:file=" + log, "-cp",
                System.getProperty("java.class.path"), "dev.pz.cli.Main", "run", "--all", "--project",
                project.toString()));
        command.addAll(List.of(extra));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().putAll(environment("CI", "true"));
        Process process = builder.start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).isEqualTo(1);
        try (var lines = Files.lines(log)) {
            return lines.filter(line -> line.contains(" io.opentelemetry.")).count();
        }
    }
}
