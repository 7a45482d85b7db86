package dev.pz.cli.fidelity;

import static dev.pz.cli.fidelity.Reference.ok;
import static dev.pz.cli.fidelity.Reference.watermark;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.cli.PlantedRuns;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz state} as the reference's StateCommandTests pin it. The confirmation prompt's own cases
 * (declined, confirmed, a run starting while it waits) are StatePromptFidelityTest's, on a real terminal.
 */
class StateVerbFidelityTest {
    private static final String LATEST = "20260729T020013422Z-a91c";
    private static final String EARLIER = "20260727T020009111Z-3f2e";

    @TempDir
    Path temp;

    private TestProject project;

    @BeforeEach
    void project() {
        project = TestProject.in(temp).projectYml("state_test");
    }

    private void watermarks(String key, String cursor, String type, String value) {
        project.file(".pz/state/watermarks.json", "{\n  \"version\": 1,\n  \"watermarks\": {\n    \"" + key
                + "\": {\n      \"cursor\": \"" + cursor + "\",\n      \"type\": \"" + type + "\",\n      \"value\": \""
                + value + "\",\n      \"runId\": \"" + LATEST + "\"\n    }\n  }\n}\n");
    }

    private void ordersWatermark() {
        watermarks("erp.orders", "updated_at", "timestamp", "2026-07-29T02:00:00.000000");
    }

    private void run(String runId, String status, String node, String value, String cursor, String type) {
        project.file(".pz/runs/" + runId + "/run_results.json", "{\"status\":\"" + status + "\",\"nodes\":[{\"id\":\"n1\","
                + "\"kind\":\"SourceLoad\",\"name\":\"" + node + "\",\"status\":\"success\",\"watermark\":{\"cursor\":\""
                + cursor + "\",\"type\":\"" + type + "\",\"value\":\"" + value + "\"}}]}");
    }

    private void run(String runId, String status, String value) {
        run(runId, status, "src_erp__orders", value, "updated_at", "timestamp");
    }

    private String stored(String key) {
        return watermark(temp, key).get("value").asText();
    }

    private List<String> audit() throws Exception {
        Path file = temp.resolve(".pz/state/audit.jsonl");
        return Files.exists(file) ? Files.readAllLines(file) : List.of();
    }

    // S1
    @Test
    void showListsEveryWatermarkWithCursorTypeValueAndRun() {
        ordersWatermark();
        assertThat(ok(temp, "state", "show").out()).contains("erp.orders", "updated_at", "timestamp",
                "2026-07-29T02:00:00.000000", LATEST);
    }

    // S2
    @Test
    void showReportsSyncStateInItsOwnSection() {
        project.file(".pz/state/sync-state.json", "{\"version\": 1, \"syncState\": {\"erp.shipments\": "
                + "{\"token\": \"0/1A2B3C4D\", \"runId\": \"" + LATEST + "\"}}}");
        assertThat(ok(temp, "state", "show").out()).contains("sync-state", "erp.shipments", "0/1A2B3C4D");
    }

    // S3
    @Test
    void showWithoutStateSaysSo() {
        assertThat(ok(temp, "state", "show").out()).contains("no watermark state");
    }

    // S4, S5, S6
    @Test
    void corruptStateIsExitOneAndNamedEvenForOneKey() {
        project.file(".pz/state/watermarks.json", "{ not json");
        CliRun all = CliRun.pz(temp, "state", "show");
        assertThat(all.exitCode()).isEqualTo(1);
        assertThat(all.err()).contains("corrupt");
        CliRun one = CliRun.pz(temp, "state", "show", "erp.orders");
        assertThat(one.exitCode()).isEqualTo(1);
        assertThat(one.err()).doesNotContain("PZ0513");

        ordersWatermark();
        project.file(".pz/state/sync-state.json", "{ not json");
        CliRun sync = CliRun.pz(temp, "state", "show");
        assertThat(sync.exitCode()).isEqualTo(1);
        assertThat(sync.err()).contains("sync-state.json");
    }

    // S7
    @Test
    void showOfOneKeyListsItsHistoryNewestFirst() {
        ordersWatermark();
        run(EARLIER, "completed_with_failures", "2026-07-27T01:59:00.000000");
        run(LATEST, "success", "2026-07-29T02:00:00.000000");
        CliRun show = ok(temp, "state", "show", "erp.orders");
        assertThat(show.out()).contains("history", "completed_with_failures");
        assertThat(show.out().lastIndexOf(LATEST)).isLessThan(show.out().lastIndexOf(EARLIER));
    }

    // S8, S21, S37
    @Test
    void anUnknownKeyIsPz0513ForShowSetAndClear() {
        ordersWatermark();
        for (String[] args : new String[][] {{"state", "show", "nope.nothing"},
            {"state", "set", "nope.nothing", "--value", "5", "--yes"}, {"state", "clear", "nope.nothing", "--yes"}}) {
            CliRun run = CliRun.pz(temp, args);
            assertThat(run.exitCode()).as(args[1]).isEqualTo(2);
            assertThat(run.err()).as(args[1]).contains("PZ0513");
        }
    }

    // S9, S34, S35
    @Test
    void anUnknownCursorTypeIsShownClearedButNeverSet() {
        watermarks("erp.orders", "updated_at", "weirdtype", "whatever");
        assertThat(ok(temp, "state", "show", "erp.orders").out()).contains("unknown type");
        CliRun set = CliRun.pz(temp, "state", "set", "erp.orders", "--value", "5", "--yes");
        assertThat(set.exitCode()).isEqualTo(2);
        assertThat(set.err()).contains("PZ0515", "pz state clear");
        ok(temp, "state", "clear", "erp.orders", "--yes");
        assertThat(watermark(temp, "erp.orders")).isNull();
    }

    // S11, S12
    @Test
    void setStoresTheCanonicalValueAsManualAndAuditsIt() throws Exception {
        ordersWatermark();
        CliRun set = ok(temp, "state", "set", "erp.orders", "--value", "2026-07-01", "--reason", "late-arriving rows",
                "--yes");
        assertThat(set.out()).contains("re-extracts");
        var entry = watermark(temp, "erp.orders");
        assertThat(entry.get("value").asText()).isEqualTo("2026-07-01T00:00:00.000000");
        assertThat(entry.get("runId").asText()).isEqualTo("manual");
        assertThat(entry.get("cursor").asText()).isEqualTo("updated_at");
        assertThat(audit()).singleElement().satisfies(line -> assertThat(line)
                .containsPattern("\"ts\":\"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z\"")
                .contains("\"action\":\"set\"", "\"from\":\"2026-07-29T02:00:00.000000\"", "\"fromRunId\":\"" + LATEST
                        + "\"", "\"to\":\"2026-07-01T00:00:00.000000\"", "\"target\":\"value\"",
                        "\"reason\":\"late-arriving rows\""));
    }

    // S13
    @Test
    void setForwardSaysRowsAreSkipped() {
        watermarks("erp.orders", "id", "bigint", "500");
        assertThat(ok(temp, "state", "set", "erp.orders", "--value", "9000", "--yes").out()).contains("skips")
                .doesNotContain("re-extracts");
    }

    // S24
    @Test
    void setOverANonCanonicalValueSaysItCannotCompare() {
        watermarks("erp.orders", "id", "bigint", "0500");
        assertThat(ok(temp, "state", "set", "erp.orders", "--value", "9000", "--yes").out()).contains("cannot compare")
                .doesNotContain("duplicates those rows");
    }

    // S14, S32, S38
    @Test
    void dryRunsWriteNothing() throws Exception {
        ordersWatermark();
        run(EARLIER, "success", "2026-07-27T01:59:00.000000");
        byte[] before = Files.readAllBytes(temp.resolve(".pz/state/watermarks.json"));
        assertThat(ok(temp, "state", "set", "erp.orders", "--value", "2026-07-01", "--dry-run").out()).contains("dry-run");
        assertThat(ok(temp, "state", "rollback", "erp.orders", "--to-run", EARLIER, "--dry-run").out())
                .contains("dry-run");
        ok(temp, "state", "clear", "erp.orders", "--dry-run");
        assertThat(Files.readAllBytes(temp.resolve(".pz/state/watermarks.json"))).isEqualTo(before);
        assertThat(audit()).isEmpty();
    }

    // S15, S17
    @Test
    void setIsRefusedWhileARunHoldsItsLockAndWorksOnceReleased() throws Exception {
        ordersWatermark();
        String live = "20260730T140000000Z-aaaa";
        try (PlantedRuns.LiveRun held = PlantedRuns.in(temp).live(live)) {
            CliRun set = CliRun.pz(temp, "state", "set", "erp.orders", "--value", "2026-07-01", "--yes");
            assertThat(set.exitCode()).isEqualTo(2);
            assertThat(set.err()).contains("PZ0517", live);
            assertThat(stored("erp.orders")).isEqualTo("2026-07-29T02:00:00.000000");
        }
        ok(temp, "state", "set", "erp.orders", "--value", "2026-07-01", "--yes");
        assertThat(stored("erp.orders")).isEqualTo("2026-07-01T00:00:00.000000");
    }

    // S18, S22, S31
    @Test
    void missingArgumentsArePz0516() {
        ordersWatermark();
        CliRun noYes = CliRun.pz(temp, "state", "set", "erp.orders", "--value", "2026-07-01");
        assertThat(noYes.exitCode()).isEqualTo(2);
        assertThat(noYes.err()).contains("PZ0516", "--yes");
        assertThat(stored("erp.orders")).isEqualTo("2026-07-29T02:00:00.000000");
        for (String[] args : new String[][] {{"state", "set", "erp.orders", "--yes"},
            {"state", "rollback", "erp.orders", "--yes"}}) {
            CliRun run = CliRun.pz(temp, args);
            assertThat(run.exitCode()).as(args[1]).isEqualTo(2);
            assertThat(run.err()).as(args[1]).contains("PZ0516");
        }
    }

    // S23
    @Test
    void setTouchesNothingButTheWatermark() throws Exception {
        ordersWatermark();
        project.file(".pz/state/sync-state.json", "{ \"version\": 1, \"syncState\": { \"erp.shipments\": { \"token\": "
                + "\"t\", \"runId\": \"r\" } } }").file(".pz/target/manifest.json", "{}").file(".pz/packages/marker", "x");
        run(LATEST, "success", "2026-07-29T02:00:00.000000");
        List<Path> untouched = List.of(temp.resolve(".pz/state/sync-state.json"), temp.resolve(".pz/target/manifest.json"),
                temp.resolve(".pz/packages/marker"), temp.resolve(".pz/runs/" + LATEST + "/run_results.json"));
        List<String> before = untouched.stream().map(StateVerbFidelityTest::text).toList();
        ok(temp, "state", "set", "erp.orders", "--value", "2026-07-01", "--yes");
        assertThat(untouched.stream().map(StateVerbFidelityTest::text).toList()).isEqualTo(before);
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    // S25
    @Test
    void aFailedAuditAppendWarnsLoudlyAndExitsOneButKeepsTheValue() throws Exception {
        ordersWatermark();
        Files.createDirectories(temp.resolve(".pz/state/audit.jsonl"));
        CliRun set = CliRun.pz(temp, "state", "set", "erp.orders", "--value", "2026-07-01", "--yes");
        assertThat(set.exitCode()).isEqualTo(1);
        assertThat(stored("erp.orders")).isEqualTo("2026-07-01T00:00:00.000000");
        assertThat(set.err()).contains("warning:", "\"action\":\"set\"");
    }

    // S26
    @Test
    void rollbackTakesTheValueTheNamedRunAdvancedTo() throws Exception {
        ordersWatermark();
        run(EARLIER, "success", "2026-07-27T01:59:00.000000");
        run(LATEST, "success", "2026-07-29T02:00:00.000000");
        CliRun rollback = ok(temp, "state", "rollback", "erp.orders", "--to-run", EARLIER, "--yes", "--reason", "late rows");
        assertThat(rollback.out()).contains("re-extracts");
        assertThat(stored("erp.orders")).isEqualTo("2026-07-27T01:59:00.000000");
        assertThat(watermark(temp, "erp.orders").get("runId").asText()).isEqualTo("manual");
        assertThat(audit()).singleElement().satisfies(line -> assertThat(line).contains("\"action\":\"rollback\"",
                "\"target\":\"run:" + EARLIER + "\"", "\"reason\":\"late rows\""));
    }

    // S27
    @Test
    void rollbackToAPurgedRunIsPz0514() {
        ordersWatermark();
        run(LATEST, "success", "2026-07-29T02:00:00.000000");
        CliRun rollback = CliRun.pz(temp, "state", "rollback", "erp.orders", "--to-run", "20260101T000000000Z-0000",
                "--yes");
        assertThat(rollback.exitCode()).isEqualTo(2);
        assertThat(rollback.err()).contains("PZ0514");
        assertThat(stored("erp.orders")).isEqualTo("2026-07-29T02:00:00.000000");
    }

    // S28
    @Test
    void rollbackForwardIsPz0515NamingSet() {
        watermarks("erp.orders", "id", "bigint", "500");
        run(LATEST, "success", "src_erp__orders", "9000", "id", "bigint");
        CliRun rollback = CliRun.pz(temp, "state", "rollback", "erp.orders", "--to-run", LATEST, "--yes");
        assertThat(rollback.exitCode()).isEqualTo(2);
        assertThat(rollback.err()).contains("PZ0515", "pz state set");
        assertThat(stored("erp.orders")).isEqualTo("500");
    }

    // S29
    @Test
    void rollbackToARunThatDidNotSucceedWarnsAndProceeds() {
        ordersWatermark();
        run(EARLIER, "completed_with_failures", "2026-07-27T01:59:00.000000");
        CliRun rollback = ok(temp, "state", "rollback", "erp.orders", "--to-run", EARLIER, "--yes");
        assertThat(rollback.out()).contains("did not fully succeed");
        assertThat(stored("erp.orders")).isEqualTo("2026-07-27T01:59:00.000000");
    }

    // S30
    @Test
    void rollbackOfADottedDatasetFindsTheFoldedNodeName() {
        watermarks("erp.dbo.orders", "updated_at", "timestamp", "2026-07-29T02:00:00.000000");
        run(EARLIER, "success", "src_erp__dbo_orders", "2026-07-27T01:59:00.000000", "updated_at", "timestamp");
        ok(temp, "state", "rollback", "erp.dbo.orders", "--to-run", EARLIER, "--yes");
        assertThat(stored("erp.dbo.orders")).isEqualTo("2026-07-27T01:59:00.000000");
    }

    // S33, S36
    @Test
    void clearRemovesOnlyThatEntryAndRecordsIt() throws Exception {
        project.file(".pz/state/watermarks.json", "{\"version\": 1, \"watermarks\": {\"erp.orders\": {\"cursor\": "
                + "\"updated_at\", \"type\": \"timestamp\", \"value\": \"2026-07-29T02:00:00.000000\", \"runId\": \"r1\"}, "
                + "\"erp.customers\": {\"cursor\": \"id\", \"type\": \"bigint\", \"value\": \"4820193\", \"runId\": \"r1\"}}}");
        CliRun clear = ok(temp, "state", "clear", "erp.orders", "--yes", "--reason", "corrupt entry");
        assertThat(clear.out()).contains("IN FULL");
        assertThat(watermark(temp, "erp.orders")).isNull();
        assertThat(stored("erp.customers")).isEqualTo("4820193");
        assertThat(audit()).singleElement().satisfies(line -> assertThat(line)
                .contains("\"action\":\"clear\"", "\"from\":\"2026-07-29T02:00:00.000000\"", "\"reason\":\"corrupt entry\"")
                .doesNotContain("\"to\""));
    }

    // S39, S40
    @Test
    void anUnparseableConnectionsFileDoesNotBlockShowOrSet() {
        project.file("connections.yml", "files:\n  connector: localfiles\n   bad: [\n");
        ordersWatermark();
        assertThat(ok(temp, "state", "show").out()).contains("erp.orders");
        ok(temp, "state", "set", "erp.orders", "--value", "2026-07-30T00:00:00.000000", "--yes");
        assertThat(stored("erp.orders")).isEqualTo("2026-07-30T00:00:00.000000");
    }
    // WM1, WM2: values given to pz state set are stored in their canonical form, or refused
    @Test
    void setStoresCanonicalValuesAndRefusesTheRest() {
        String[][] accepted = {{"timestamp", "2020-01-01", "2020-01-01T00:00:00.000000"},
            {"timestamp", "2020-01-01T06:30:00", "2020-01-01T06:30:00.000000"},
            {"timestamp", "2020-01-01T06:30:00Z", "2020-01-01T06:30:00.000000"},
            {"timestamp", "2020-01-01T06:30:00.000000Z", "2020-01-01T06:30:00.000000"},
            {"decimal", "+12.50", "12.50"}, {"decimal", "-3.5", "-3.5"}, {"date", "2020-01-01", "2020-01-01"},
            {"bigint", "9223372036854775807", "9223372036854775807"}, {"int", "100", "100"}};
        for (String[] a : accepted) {
            watermarks("erp.orders", "c", a[0], a[0].equals("timestamp") ? "2019-01-01T00:00:00.000000"
                    : a[0].equals("date") ? "2019-01-01" : "1");
            CliRun set = CliRun.pz(temp, "state", "set", "erp.orders", "--value", a[1], "--yes");
            assertThat(set.exitCode()).as(a[0] + " " + a[1] + set).isZero();
            assertThat(stored("erp.orders")).as(a[0] + " " + a[1]).isEqualTo(a[2]);
        }
        String[][] refused = {{"int", "abc"}, {"int", "1.5"}, {"decimal", "1,234.50"}, {"date", "01/01/2020"},
            {"date", "2020-13-01"}, {"timestamp", "yesterday"}, {"timestamp", "2020-01-01T06:30:00+02:00"},
            {"timestamp", "2020-01-01Z"}};
        for (String[] r : refused) {
            watermarks("erp.orders", "c", r[0], r[0].equals("timestamp") ? "2019-01-01T00:00:00.000000"
                    : r[0].equals("date") ? "2019-01-01" : "1");
            CliRun set = CliRun.pz(temp, "state", "set", "erp.orders", "--value", r[1], "--yes");
            assertThat(set.exitCode()).as(r[0] + " " + r[1]).isEqualTo(2);
            assertThat(set.err()).as(r[0] + " " + r[1]).contains("PZ0515");
        }
    }
}
