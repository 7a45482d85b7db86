package dev.pz.engine.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report page from a run directory's files: escaping of whatever a run recorded, a run that
 * predates dag.json, a missing run_results.json, the layered layout, and byte-identical redraws.
 */
class RunReportTest {
    @TempDir
    Path run;

    private static final String DAG = """
            {"version":1,"project":"demo","threads":2,"retryOf":null,"nodes":[
             {"id":"a","kind":"SourceLoad","name":"src_raw__orders","strategy":"arrow_stream","reason":"r","dependsOn":[]},
             {"id":"b","kind":"SourceLoad","name":"src_raw__people","strategy":"native_scan","reason":"r","dependsOn":[]},
             {"id":"c","kind":"Pipeline","name":"joined","strategy":"duck_sql","reason":"r","dependsOn":["a","b"]},
             {"id":"d","kind":"Check","name":"check_joined","strategy":"duck_sql","reason":"r","dependsOn":["c"]},
             {"id":"e","kind":"SinkWrite","name":"lake.out","strategy":"arrow_stream","reason":"r","dependsOn":["c"]},
             {"id":"f","kind":"SinkWrite","name":"lake.raw","strategy":"native_copy","reason":"r","dependsOn":["a"]}],
             "memoryBudget":{"duckdbBytes":null,"duckdbDisclaimer":"unset","channelBytes":100,
             "fixedOverheadBytes":268435456,"totalBytes":268435556,"duckdbThreadsDisclaimer":null}}
            """;

    private static final String RESULTS = """
            {"version":1,"runId":"20260101T000000000Z-abcd","status":"completed_with_failures",
             "startedAt":"2026-01-01T00:00:00.000Z","finishedAt":"2026-01-01T00:00:02.000Z","nodes":[
             {"id":"a","kind":"SourceLoad","name":"src_raw__orders","status":"success","rows":5,"durationMs":900,
              "error":null,"timings":{"producerStallMs":10,"consumerStallMs":700}},
             {"id":"b","kind":"SourceLoad","name":"src_raw__people","status":"success","rows":2,"durationMs":300,
              "error":null},
             {"id":"c","kind":"Pipeline","name":"joined","status":"success","rows":2,"durationMs":100,"error":null},
             {"id":"d","kind":"Check","name":"check_joined","status":"failed","rows":1,"durationMs":20,
              "error":{"code":"PZ0510","message":"check failed; sample: {name=<script>alert('x')</script> & \\"q\\"}"}},
             {"id":"e","kind":"SinkWrite","name":"lake.out","status":"failed","rows":0,"durationMs":50,
              "error":{"code":"PZ0501","message":"boom"}},
             {"id":"f","kind":"SinkWrite","name":"lake.raw","status":"skipped","rows":0,"durationMs":0,"error":null}],
             "nodeStarts":{"a":"2026-01-01T00:00:00.100Z","b":"2026-01-01T00:00:00.100Z","c":"2026-01-01T00:00:01.000Z",
              "d":"2026-01-01T00:00:01.100Z","e":"2026-01-01T00:00:01.100Z"},
             "peakMemory":{"rssBytes":104857600,"arrowBytes":2048}}
            """;

    private void write(String dag, String results) throws Exception {
        if (dag != null) {
            Files.writeString(run.resolve("dag.json"), dag);
        }
        Files.writeString(run.resolve("run_results.json"), results);
    }

    @Test
    void everythingARunRecordedIsEscapedAndNothingLoadsFromElsewhere() throws Exception {
        write(DAG, RESULTS);
        String page = RunReports.render(run);
        assertThat(page).doesNotContain("<script>alert").contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; "
                + "&amp; &quot;q&quot;");
        assertThat(count(page, "<script>")).as("only the page's own inline script").isEqualTo(1);
        assertThat(page).doesNotContain("src=\"", "href=\"http", "@import", "url(http")
                .contains("Content-Security-Policy\" content=\"default-src 'none';");
        assertThat(page).endsWith("</html>\n").doesNotContain("\r");
    }

    @Test
    void theDagHasOneNodePerNodeAndOneCurvePerDependencyLaidOutInLayers() throws Exception {
        write(DAG, RESULTS);
        String page = RunReports.render(run);
        assertThat(count(page, "<g class=\"node ")).isEqualTo(6);
        assertThat(count(page, "<path class=\"edge ")).isEqualTo(5);
        Map<String, Double> x = new java.util.HashMap<>();
        Matcher node = Pattern.compile("data-id=\"(\\w)\"[^>]*transform=\"translate\\(([0-9.]+),([0-9.]+)\\)").matcher(page);
        List<String> boxes = new ArrayList<>();
        while (node.find()) {
            x.put(node.group(1), Double.parseDouble(node.group(2)));
            boxes.add(node.group(2) + "," + node.group(3));
        }
        assertThat(boxes).hasSize(6).doesNotHaveDuplicates();
        assertThat(x.get("a")).isEqualTo(x.get("b")).isLessThan(x.get("c")).isLessThan(x.get("d"));
        assertThat(x.get("d")).isEqualTo(x.get("e"));
        assertThat(x.get("f")).as("a sink of a source sits one layer after it").isEqualTo(x.get("c"));
        assertThat(page).contains("data-status=\"skipped\"", "<path class=\"edge to-skipped\" data-from=\"a\" data-to=\"f\"");
    }

    @Test
    void stallsHintsChecksMemoryAndTheTimeline() throws Exception {
        write(DAG, RESULTS);
        String page = RunReports.render(run);
        assertThat(page).contains("hint: src_raw__orders: source-bound — ingest idle 77% of the node&#39;s runtime");
        assertThat(count(page, "<div class=\"channel\"")).isEqualTo(1);
        assertThat(count(page, "<g class=\"bar ")).as("every node that started").isEqualTo(5);
        assertThat(page).contains("Not started in this run: <span class=\"s-skipped\">lake.raw</span> (skipped)");
        assertThat(page).contains("up to 2 at once (engine.threads 2)", "100 MB resident", ">2 KB<", "~256 MB");
        assertThat(page).contains("<li class=\"check s-failed\" data-id=\"d\">");
    }

    @Test
    void aRunWithoutDagJsonStillDrawsItsNodes() throws Exception {
        write(null, RESULTS);
        String page = RunReports.render(run);
        assertThat(count(page, "<g class=\"node ")).isEqualTo(6);
        assertThat(count(page, "<path class=\"edge ")).isZero();
        assertThat(page).contains("This run predates dag.json");
    }

    @Test
    void aRunWithoutRunResultsIsUnreadable() {
        assertThatThrownBy(() -> RunReports.write(run)).isInstanceOf(RunReport.Unreadable.class)
                .hasMessageContaining("run_results.json is missing");
    }

    @Test
    void redrawingGivesTheSameBytes() throws Exception {
        write(DAG, RESULTS);
        Path first = RunReports.write(run);
        byte[] bytes = Files.readAllBytes(first);
        Files.delete(first);
        assertThat(Files.readAllBytes(RunReports.write(run))).isEqualTo(bytes);
    }

    @Test
    void tickStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(TimelineSvg.tickStep(1)).isEqualTo(1);
        assertThat(TimelineSvg.tickStep(736)).isEqualTo(100);
        assertThat(TimelineSvg.tickStep(1_300)).isEqualTo(200);
        assertThat(TimelineSvg.tickStep(30_000)).isEqualTo(5_000);
    }

    private static int count(String text, String needle) {
        int count = 0;
        for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
            count++;
        }
        return count;
    }
}
