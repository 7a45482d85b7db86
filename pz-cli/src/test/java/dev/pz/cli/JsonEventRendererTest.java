package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import dev.pz.engine.RunReport;
import dev.pz.engine.events.NodeKind;
import dev.pz.engine.events.NodeResult;
import dev.pz.engine.events.NodeStatus;
import dev.pz.engine.events.RunStatus;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The NDJSON contract of docs/events.md, byte for byte (as pz's golden events.ndjson has it): envelope
 * first, fields in the listed order, nullable strings and timings as null, optional blocks absent.
 */
class JsonEventRendererTest {
    private static final String RUN = "20260704T100000000Z-ab12";

    private final TestNode source = TestNode.source("node-a", "src_crm__customers");
    private final TestNode sink = TestNode.sink("node-b", "lake.orders_curated");

    @Test
    void writesEveryEventInTheContractsFieldOrder() {
        StringWriter out = new StringWriter();
        JsonEventRenderer renderer = new JsonEventRenderer(Console.of(out, new StringWriter()).out(),
                new SteppingClock("2026-07-04T10:00:00Z", "2026-07-04T10:00:00.010Z", "2026-07-04T10:00:00.030Z",
                        "2026-07-04T10:00:00.040Z", "2026-07-04T10:00:00.050Z", "2026-07-04T10:00:00.060Z",
                        "2026-07-04T10:00:00.070Z", "2026-07-04T10:00:00.075Z", "2026-07-04T10:00:00.120Z"));

        renderer.runStarted(RUN, "hello_pz", 2);
        renderer.nodeStarted(source);
        renderer.nodeCompleted(new NodeResult("node-a", NodeKind.SOURCE_LOAD, "src_crm__customers", NodeStatus.SUCCESS,
                3, 31, null, null, null, null));
        renderer.nodeStarted(sink);
        renderer.retryScheduled(sink, 2, 3, 800, "timeout");
        renderer.nodeCompleted(new NodeResult("node-b", NodeKind.SINK_WRITE, "lake.orders_curated", NodeStatus.FAILED,
                0, 5, PzError.of(PzCode.NODE_FAILED, "boom"), new NodeResult.Timings(2, 3), null, null));
        renderer.nodeCompleted(new NodeResult("node-c", NodeKind.SINK_WRITE, "lake.customers", NodeStatus.SUCCESS, 7,
                0, null, null, "carried_forward", null));
        renderer.runCompleted(RunStatus.COMPLETED_WITH_FAILURES, 2, 1, 0, 75);
        renderer.retentionSwept(new RunReport.Retention(3, 1, 1288490188L, 0, "cleaned"));

        assertThat(out.toString()).isEqualTo(String.join("\n",
                "{\"event\":\"run_started\",\"at\":\"2026-07-04T10:00:00.000Z\",\"runId\":\"" + RUN
                        + "\",\"projectName\":\"hello_pz\",\"nodeCount\":2}",
                "{\"event\":\"node_started\",\"at\":\"2026-07-04T10:00:00.010Z\",\"runId\":\"" + RUN
                        + "\",\"nodeId\":\"node-a\",\"kind\":\"SourceLoad\",\"name\":\"src_crm__customers\"}",
                "{\"event\":\"node_completed\",\"at\":\"2026-07-04T10:00:00.030Z\",\"runId\":\"" + RUN
                        + "\",\"nodeId\":\"node-a\",\"kind\":\"SourceLoad\",\"name\":\"src_crm__customers\","
                        + "\"status\":\"success\",\"rows\":3,\"durationMs\":31,\"errorCode\":null,"
                        + "\"errorMessage\":null,\"timings\":null}",
                "{\"event\":\"node_started\",\"at\":\"2026-07-04T10:00:00.040Z\",\"runId\":\"" + RUN
                        + "\",\"nodeId\":\"node-b\",\"kind\":\"SinkWrite\",\"name\":\"lake.orders_curated\"}",
                "{\"event\":\"retry_scheduled\",\"at\":\"2026-07-04T10:00:00.050Z\",\"runId\":\"" + RUN
                        + "\",\"nodeId\":\"node-b\",\"name\":\"lake.orders_curated\",\"attempt\":2,"
                        + "\"maxAttempts\":3,\"delayMs\":800,\"reason\":\"timeout\"}",
                "{\"event\":\"node_completed\",\"at\":\"2026-07-04T10:00:00.060Z\",\"runId\":\"" + RUN
                        + "\",\"nodeId\":\"node-b\",\"kind\":\"SinkWrite\",\"name\":\"lake.orders_curated\","
                        + "\"status\":\"failed\",\"rows\":0,\"durationMs\":5,\"errorCode\":\"PZ0501\","
                        + "\"errorMessage\":\"boom\",\"timings\":{\"producerStallMs\":2,\"consumerStallMs\":3}}",
                "{\"event\":\"node_completed\",\"at\":\"2026-07-04T10:00:00.070Z\",\"runId\":\"" + RUN
                        + "\",\"nodeId\":\"node-c\",\"kind\":\"SinkWrite\",\"name\":\"lake.customers\","
                        + "\"status\":\"success\",\"rows\":7,\"durationMs\":0,\"errorCode\":null,"
                        + "\"errorMessage\":null,\"timings\":null,\"provenance\":\"carried_forward\"}",
                "{\"event\":\"run_completed\",\"at\":\"2026-07-04T10:00:00.075Z\",\"runId\":\"" + RUN
                        + "\",\"status\":\"completed_with_failures\",\"succeeded\":2,\"failed\":1,\"skipped\":0,"
                        + "\"durationMs\":75}",
                "{\"event\":\"retention_swept\",\"at\":\"2026-07-04T10:00:00.120Z\",\"runId\":\"" + RUN
                        + "\",\"runsSwept\":3,\"bytesFreed\":1288490188,\"failures\":0}",
                ""));
    }

    @Test
    void escapesMessagesThePzWayAndKeepsEachEventOnOneLine() {
        StringWriter out = new StringWriter();
        JsonEventRenderer renderer = new JsonEventRenderer(Console.of(out, new StringWriter()).out(),
                new SteppingClock("2026-07-04T10:00:00Z"));
        renderer.runStarted(RUN, "hello_pz", 1);
        renderer.nodeCompleted(new NodeResult("node-x", NodeKind.CHECK, "check_orders_not_null_id",
                NodeStatus.FAILED, 2, 4, PzError.of(PzCode.NODE_FAILED, "check 'not_null' failed:\nid=NULL"), null,
                null, null));

        List<String> lines = List.of(out.toString().split("\n"));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).contains("\"kind\":\"Check\"")
                .contains("\"errorMessage\":\"check \\u0027not_null\\u0027 failed:\\nid=NULL\"");
    }

    @Test
    void reportsARetentionThatOnlyFailed() {
        StringWriter out = new StringWriter();
        JsonEventRenderer renderer = new JsonEventRenderer(Console.of(out, new StringWriter()).out(),
                new SteppingClock("2026-07-04T10:00:00Z"));
        renderer.runStarted(RUN, "hello_pz", 0);
        renderer.retentionSwept(new RunReport.Retention(0, 0, 0, 1, "cleaned"));
        assertThat(out.toString()).endsWith(
                "\"runId\":\"" + RUN + "\",\"runsSwept\":0,\"bytesFreed\":0,\"failures\":1}\n");
    }
}
