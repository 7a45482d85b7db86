package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pz state} (docs/incremental.md). A wrong edit makes the
 * next run skip or duplicate rows, so every edit is checked before it is shown, shown before it is made,
 * and recorded after.
 */
class StateCommandTest {
    private static final String RUN = "20260728T020000000Z-00aa";
    private static final String TS_PATTERN = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

    @TempDir
    Path directory;

    private TestProject project;

    @BeforeEach
    void setUp() {
        project = TestProject.in(directory).projectYml("state_test");
    }

    private void watermarks(String entries) {
        project.file(".pz/state/watermarks.json", "{\"version\":1,\"watermarks\":{" + entries + "}}");
    }

    private static String entry(String key, String cursor, String type, String value, String runId) {
        return "\"" + key + "\":{\"cursor\":\"" + cursor + "\",\"type\":\"" + type + "\",\"value\":\"" + value
                + "\",\"runId\":\"" + runId + "\"}";
    }

    private void ordersAt(String value) {
        watermarks(entry("erp.orders", "updated_at", "timestamp", value, RUN) + ","
                + entry("files.items", "id", "bigint", "4", RUN));
    }

    private static String timestampWatermark(String value) {
        return "{\"cursor\":\"updated_at\",\"type\":\"timestamp\",\"value\":\"" + value + "\"}";
    }

    private List<String> auditLines() {
        return List.of(project.read(".pz/state/audit.jsonl").split("\n"));
    }

    @Test
    void showOnAFreshProject() {
        CliRun run = CliRun.pz(project.path(), "state", "show");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).isEqualTo("state backend: local (default)\n\nno watermark state (.pz/state/watermarks.json is absent)\n");
    }

    @Test
    void showListsWatermarksAndSyncState() {
        watermarks(entry("raw.orders", "updated_at", "timestamp", "2026-01-08T13:30:00.000000", "20260902T152717469Z-06f8")
                + "," + entry("raw.odd", "x", "weirdtype", "abc", "r1")
                + "," + entry("raw.sloppy", "id", "bigint", "+04", "r2"));
        project.file(".pz/state/sync-state.json",
                "{\"version\":1,\"syncState\":{\"pg.orders\":{\"token\":\"0/1A2B3C4D\",\"runId\":\"r3\"}}}");

        CliRun run = CliRun.pz(project.path(), "state", "show");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).containsExactly(
                "state backend: local (default)",
                "",
                "watermarks (.pz/state/watermarks.json)",
                "key                          cursor           type       value                          run",
                "raw.odd                      x                weirdtype (unknown type) abc                            r1",
                "raw.orders                   updated_at       timestamp  2026-01-08T13:30:00.000000     20260902T152717469Z-06f8",
                "raw.sloppy                   id               bigint     +04 (non-canonical)            r2",
                "",
                "sync-state (.pz/state/sync-state.json)",
                "key                          token                          run",
                "pg.orders                    0/1A2B3C4D                     r3");
    }

    @Test
    void showKeyPrintsCurrentHistoryAndManualChanges() {
        watermarks(entry("erp.dbo.orders", "updated_at", "timestamp", "2026-01-08T13:30:00.000000", "20260902T152717469Z-06f8"));
        PlantedRuns.in(directory)
                .run("20260901T000000000Z-0001", "success", "2026-09-01T00:00:00.000Z", "2026-09-01T00:00:01.000Z",
                        PlantedRuns.node("src_erp__dbo_orders", "SourceLoad", "success", null,
                                timestampWatermark("2026-01-07T00:00:00.000000")))
                .run("20260902T152717469Z-06f8", "completed_with_failures", "2026-09-02T15:27:17.469Z",
                        "2026-09-02T15:27:18.000Z",
                        PlantedRuns.node("src_erp__dbo_orders", "SourceLoad", "success", null,
                                timestampWatermark("2026-01-08T13:30:00.000000")))
                .run("20260903T000000000Z-0003", "success", "2026-09-03T00:00:00.000Z", "2026-09-03T00:00:01.000Z",
                        PlantedRuns.node("src_erp__other", "SourceLoad", "success", null,
                                timestampWatermark("2026-01-09T00:00:00.000000")));
        StringBuilder audit = new StringBuilder();
        for (int i = 0; i < 7; i++) {
            audit.append("{\"ts\":\"2026-09-0").append(i + 1).append("T00:00:00.000Z\",\"action\":\"set\",\"key\":\"erp.dbo.orders\",")
                    .append("\"to\":\"v").append(i).append("\",\"reason\":\"r").append(i).append("\"}\n");
        }
        audit.append("{\"ts\":\"2026-09-08T00:00:00.000Z\",\"action\":\"clear\",\"key\":\"erp.dbo.orders\"}\n");
        audit.append("{\"ts\":\"2026-09-09T00:00:00.000Z\",\"action\":\"clear\",\"key\":\"other.key\"}\n");
        project.file(".pz/state/audit.jsonl", audit.toString());

        CliRun run = CliRun.pz(project.path(), "state", "show", "erp.dbo.orders");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).containsExactly(
                "state backend: local (default)",
                "",
                "erp.dbo.orders — cursor updated_at (timestamp)",
                "  current  2026-01-08T13:30:00.000000     run 20260902T152717469Z-06f8",
                "",
                "history (.pz/runs/*/run_results.json, newest first)",
                "  run                          value                          run status",
                "  20260902T152717469Z-06f8     2026-01-08T13:30:00.000000     completed_with_failures",
                "  20260901T000000000Z-0001     2026-01-07T00:00:00.000000     success",
                "",
                "manual changes (.pz/state/audit.jsonl, newest first)",
                "  2026-09-08T00:00:00.000Z  clear     → removed",
                "  2026-09-07T00:00:00.000Z  set       → v6  (r6)",
                "  2026-09-06T00:00:00.000Z  set       → v5  (r5)",
                "  2026-09-05T00:00:00.000Z  set       → v4  (r4)",
                "  2026-09-04T00:00:00.000Z  set       → v3  (r3)",
                "  (3 more in .pz/state/audit.jsonl)");
    }

    @Test
    void showKeyWithAnAmbiguousNodeSaysHistoryIsUnavailable() {
        watermarks(entry("erp.dbo.orders", "id", "int", "1", "r1") + "," + entry("erp.dbo_orders", "id", "int", "2", "r2"));
        CliRun run = CliRun.pz(project.path(), "state", "show", "erp.dbo.orders");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("history unavailable: keys 'erp.dbo.orders' and 'erp.dbo_orders' both record under"
                + " node src_erp__dbo_orders");
    }

    @Test
    void showUnknownKeyIsPz0513() {
        ordersAt("2026-07-29T02:00:00.000000");
        CliRun run = CliRun.pz(project.path(), "state", "show", "erp.nope");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).startsWith("error PZ0513: no stored watermark for 'erp.nope' — run pz state show");
    }

    @Test
    void corruptWatermarksFailEverySubcommandWithExitOne() {
        project.file(".pz/state/watermarks.json", "{ not json");
        List<String[]> invocations = List.of(new String[] {"state", "show"}, new String[] {"state", "show", "erp.orders"},
                new String[] {"state", "set", "erp.orders", "--value", "1", "--yes"},
                new String[] {"state", "rollback", "erp.orders", "--to-run", RUN, "--yes"},
                new String[] {"state", "clear", "erp.orders", "--yes"});
        for (String[] arguments : invocations) {
            CliRun run = CliRun.pz(project.path(), arguments);
            assertThat(run.exitCode()).as(String.join(" ", arguments) + "\n" + run).isEqualTo(1);
            assertThat(run.err()).as(String.join(" ", arguments)).startsWith("warning: Watermark state file '")
                    .contains("is corrupt or has an unexpected shape").doesNotContain("PZ0513");
        }
        assertThat(project.read(".pz/state/watermarks.json")).isEqualTo("{ not json");
    }

    @Test
    void corruptSyncStateAloneFailsShow() {
        ordersAt("2026-07-29T02:00:00.000000");
        project.file(".pz/state/sync-state.json", "[1,2");
        CliRun run = CliRun.pz(project.path(), "state", "show");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.err()).contains("sync-state.json").contains("corrupt");
    }

    @Test
    void outsideAProjectIsExitTwo() {
        CliRun run = CliRun.pz(directory.resolve("elsewhere"), "state", "show");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).startsWith("error PZ0101: project.yml is missing");
    }

    @Test
    void brokenConnectionsYmlBlocksNeitherShowNorSet() {
        ordersAt("2026-07-29T02:00:00.000000");
        project.file("connections.yml", "connections:\n  erp: [unclosed\n");
        assertThat(CliRun.pz(project.path(), "state", "show").exitCode()).isZero();
        CliRun set = CliRun.pz(project.path(), "state", "set", "erp.orders", "--value", "2026-07-01", "--yes");
        assertThat(set.exitCode()).as(set.toString()).isZero();
    }

    @Test
    void setBackwardsCanonicalizesRecordsAndAudits() {
        ordersAt("2026-07-29T02:00:00.000000");

        CliRun run = CliRun.pz(project.path(), "state", "set", "erp.orders", "--value", "2026-07-01", "--reason",
                "backfill", "--yes");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).containsExactly(
                "erp.orders  updated_at (timestamp)",
                "  from  2026-07-29T02:00:00.000000  (run " + RUN + ")",
                "  to    2026-07-01T00:00:00.000000",
                "next run re-extracts where updated_at > 2026-07-01T00:00:00.000000 — against an append-mode sink that"
                        + " duplicates those rows",
                "done — recorded in .pz/state/audit.jsonl");
        assertThat(project.read(".pz/state/watermarks.json")).isEqualTo("""
                {
                  "version": 1,
                  "watermarks": {
                    "erp.orders": {
                      "cursor": "updated_at",
                      "type": "timestamp",
                      "value": "2026-07-01T00:00:00.000000",
                      "runId": "manual"
                    },
                    "files.items": {
                      "cursor": "id",
                      "type": "bigint",
                      "value": "4",
                      "runId": "20260728T020000000Z-00aa"
                    }
                  }
                }
                """);
        assertThat(auditLines()).singleElement().asString().matches("\\{\"ts\":\"" + TS_PATTERN
                + "\",\"action\":\"set\",\"key\":\"erp.orders\",\"cursor\":\"updated_at\",\"type\":\"timestamp\","
                + "\"from\":\"2026-07-29T02:00:00.000000\",\"fromRunId\":\"" + RUN + "\","
                + "\"to\":\"2026-07-01T00:00:00.000000\",\"target\":\"value\",\"reason\":\"backfill\"\\}");
    }

    @Test
    void setForwardWarnsThatRowsWillBeSkipped() {
        watermarks(entry("files.items", "id", "bigint", "4", RUN));
        CliRun run = CliRun.pz(project.path(), "state", "set", "files.items", "--value", "+10", "--yes");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("  to    10\n")
                .contains("next run skips rows where id <= 10 — they will never be extracted");
    }

    @Test
    void setRefusesAnUnparseableValueAndAnUnknownType() {
        ordersAt("2026-07-29T02:00:00.000000");
        CliRun bad = CliRun.pz(project.path(), "state", "set", "erp.orders", "--value", "yesterday", "--yes");
        assertThat(bad.exitCode()).as(bad.toString()).isEqualTo(2);
        assertThat(bad.err()).startsWith("error PZ0515: 'yesterday' is not a valid timestamp value for 'erp.orders'");

        watermarks(entry("raw.odd", "x", "weirdtype", "abc", "r1"));
        CliRun unknown = CliRun.pz(project.path(), "state", "set", "raw.odd", "--value", "1", "--yes");
        assertThat(unknown.exitCode()).as(unknown.toString()).isEqualTo(2);
        assertThat(unknown.err()).startsWith("error PZ0515: ").contains("pz state clear raw.odd");
        assertThat(directory.resolve(".pz/state/audit.jsonl")).doesNotExist();
    }

    @Test
    void writesNeedAKeyAValueAndATarget() {
        ordersAt("2026-07-29T02:00:00.000000");
        CliRun noKey = CliRun.pz(project.path(), "state", "clear", "--yes");
        assertThat(noKey.exitCode()).isEqualTo(2);
        assertThat(noKey.err()).isEqualTo("error PZ0516: pz state clear needs a <source>.<dataset> key — run pz state show"
                + " to list them\n");
        CliRun noValue = CliRun.pz(project.path(), "state", "set", "erp.orders", "--yes");
        assertThat(noValue.exitCode()).isEqualTo(2);
        assertThat(noValue.err()).startsWith("error PZ0516: pz state set needs --value");
        CliRun noRun = CliRun.pz(project.path(), "state", "rollback", "erp.orders", "--yes");
        assertThat(noRun.exitCode()).isEqualTo(2);
        assertThat(noRun.err()).startsWith("error PZ0516: pz state rollback needs --to-run");
    }

    @Test
    void withoutYesAndWithoutATerminalIsPz0516AndChangesNothing() {
        ordersAt("2026-07-29T02:00:00.000000");
        String before = project.read(".pz/state/watermarks.json");
        CliRun run = CliRun.pz(project.path(), "state", "set", "erp.orders", "--value", "2026-07-01");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).startsWith("error PZ0516: ").contains("--yes");
        assertThat(project.read(".pz/state/watermarks.json")).isEqualTo(before);
    }

    @Test
    void liveRunBlocksEditsWithPz0517() throws IOException {
        ordersAt("2026-07-29T02:00:00.000000");
        String before = project.read(".pz/state/watermarks.json");
        try (PlantedRuns.LiveRun live = PlantedRuns.in(directory).live("20260730T000000000Z-beef")) {
            CliRun run = CliRun.pz(project.path(), "state", "clear", "erp.orders", "--yes");
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).isEqualTo("error PZ0517: run '20260730T000000000Z-beef' is in flight and its watermark"
                    + " advancement would overwrite this change — wait for it to finish, then retry\n");
        }
        assertThat(project.read(".pz/state/watermarks.json")).isEqualTo(before);
    }

    @Test
    void rollbackTakesTheValueTheRunRecordedForTheDottedKey() {
        watermarks(entry("erp.dbo.orders", "updated_at", "timestamp", "2026-07-29T02:00:00.000000", RUN));
        PlantedRuns.in(directory).run("20260701T000000000Z-0001", "success", "2026-07-01T00:00:00.000Z",
                "2026-07-01T00:00:01.000Z", PlantedRuns.node("src_erp__dbo_orders", "SourceLoad", "success", null,
                        timestampWatermark("2026-06-30T12:00:00.000000")));

        CliRun run = CliRun.pz(project.path(), "state", "rollback", "erp.dbo.orders", "--to-run",
                "20260701T000000000Z-0001", "--reason", "r", "--yes");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).contains("  to    2026-06-30T12:00:00.000000  (run 20260701T000000000Z-0001)\n")
                .contains("next run re-extracts where updated_at > 2026-06-30T12:00:00.000000");
        assertThat(project.read(".pz/state/watermarks.json")).contains("\"value\": \"2026-06-30T12:00:00.000000\"")
                .contains("\"runId\": \"manual\"");
        assertThat(auditLines()).singleElement().asString().contains("\"action\":\"rollback\"")
                .contains("\"to\":\"2026-06-30T12:00:00.000000\",\"target\":\"run:20260701T000000000Z-0001\",\"reason\":\"r\"");
    }

    @Test
    void rollbackToAPartlyFailedRunWarnsAndProceeds() {
        ordersAt("2026-07-29T02:00:00.000000");
        PlantedRuns.in(directory).run("20260701T000000000Z-0001", "completed_with_failures", "2026-07-01T00:00:00.000Z",
                "2026-07-01T00:00:01.000Z", PlantedRuns.node("src_erp__orders", "SourceLoad", "success", null,
                        timestampWatermark("2026-06-30T12:00:00.000000")));

        CliRun run = CliRun.pz(project.path(), "state", "rollback", "erp.orders", "--to-run", "20260701T000000000Z-0001",
                "--yes");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("did not fully succeed");
        assertThat(project.read(".pz/state/watermarks.json")).contains("2026-06-30T12:00:00.000000");
    }

    @Test
    void rollbackRefusesUnknownRunsRunsWithoutAWatermarkAndForwardMoves() {
        ordersAt("2026-07-29T02:00:00.000000");
        PlantedRuns.in(directory)
                .run("20260701T000000000Z-0001", "success", "2026-07-01T00:00:00.000Z", "2026-07-01T00:00:01.000Z",
                        PlantedRuns.node("src_erp__orders", "SourceLoad", "success", null, null))
                .run("20260801T000000000Z-0002", "success", "2026-08-01T00:00:00.000Z", "2026-08-01T00:00:01.000Z",
                        PlantedRuns.node("src_erp__orders", "SourceLoad", "success", null,
                                timestampWatermark("2026-08-01T00:00:00.000000")));
        String before = project.read(".pz/state/watermarks.json");

        CliRun unknown = CliRun.pz(project.path(), "state", "rollback", "erp.orders", "--to-run", "20250101T000000000Z-dead",
                "--yes");
        assertThat(unknown.exitCode()).as(unknown.toString()).isEqualTo(2);
        assertThat(unknown.err()).startsWith("error PZ0514: run '20250101T000000000Z-dead'");

        CliRun none = CliRun.pz(project.path(), "state", "rollback", "erp.orders", "--to-run", "20260701T000000000Z-0001",
                "--yes");
        assertThat(none.exitCode()).as(none.toString()).isEqualTo(2);
        assertThat(none.err()).startsWith("error PZ0514: run '20260701T000000000Z-0001' recorded no watermark for 'erp.orders'");

        CliRun ahead = CliRun.pz(project.path(), "state", "rollback", "erp.orders", "--to-run", "20260801T000000000Z-0002",
                "--yes");
        assertThat(ahead.exitCode()).as(ahead.toString()).isEqualTo(2);
        assertThat(ahead.err()).startsWith("error PZ0515: ").contains("pz state set");

        assertThat(project.read(".pz/state/watermarks.json")).isEqualTo(before);
        assertThat(directory.resolve(".pz/state/audit.jsonl")).doesNotExist();
    }

    @Test
    void rollbackDryRunReportsAndWritesNothing() {
        ordersAt("2026-07-29T02:00:00.000000");
        PlantedRuns.in(directory).run("20260701T000000000Z-0001", "success", "2026-07-01T00:00:00.000Z",
                "2026-07-01T00:00:01.000Z", PlantedRuns.node("src_erp__orders", "SourceLoad", "success", null,
                        timestampWatermark("2026-06-30T12:00:00.000000")));
        String before = project.read(".pz/state/watermarks.json");

        CliRun run = CliRun.pz(project.path(), "state", "rollback", "erp.orders", "--to-run", "20260701T000000000Z-0001",
                "--dry-run");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).isNotEmpty().allSatisfy(line -> assertThat(line).startsWith("dry-run: "));
        assertThat(run.out()).contains("re-extracts");
        assertThat(project.read(".pz/state/watermarks.json")).isEqualTo(before);
        assertThat(directory.resolve(".pz/state/audit.jsonl")).doesNotExist();
    }

    @Test
    void clearRemovesOnlyThatEntryEvenOfAnUnknownType() {
        watermarks(entry("raw.odd", "x", "weirdtype", "abc", "r1") + "," + entry("files.items", "id", "bigint", "4", RUN));

        CliRun run = CliRun.pz(project.path(), "state", "clear", "raw.odd", "--reason", "r", "--yes");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.outLines()).containsExactly("raw.odd  x (weirdtype)", "  from  abc  (run r1)", "  to    (removed)",
                "next run extracts this dataset IN FULL (no stored watermark)", "done — recorded in .pz/state/audit.jsonl");
        assertThat(project.read(".pz/state/watermarks.json")).doesNotContain("raw.odd").contains("\"files.items\"");
        assertThat(auditLines()).singleElement().asString().matches("\\{\"ts\":\"" + TS_PATTERN
                + "\",\"action\":\"clear\",\"key\":\"raw.odd\",\"cursor\":\"x\",\"type\":\"weirdtype\",\"from\":\"abc\","
                + "\"fromRunId\":\"r1\",\"reason\":\"r\"\\}");
    }

    @Test
    void clearOfAMissingKeyIsPz0513() {
        ordersAt("2026-07-29T02:00:00.000000");
        CliRun run = CliRun.pz(project.path(), "state", "clear", "erp.nope", "--yes");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        assertThat(run.err()).startsWith("error PZ0513: ");
    }
}
