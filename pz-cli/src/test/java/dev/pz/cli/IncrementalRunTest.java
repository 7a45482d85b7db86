package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Incremental loads end to end through the CLI on real files: F06's persisted watermark, the
 * incremental template moving only new rows, commit-gated advancement, a corrupt state file, a
 * stored watermark of another type (PZ0505), the delivery pairing refusals and
 * {@code --until-caught-up} without a stop.
 */
class IncrementalRunTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path temp;

    static JsonNode json(Path file) throws Exception {
        return MAPPER.readTree(file.toFile());
    }

    static String storedValue(Path project, String key) throws Exception {
        Path file = project.resolve(".pz/state/watermarks.json");
        if (!Files.exists(file)) {
            return null;
        }
        JsonNode entry = json(file).get("watermarks").get(key);
        return entry == null ? null : entry.get("value").asText();
    }

    static long parquetRows(Path directory) {
        return Long.parseLong(Duck.rows("select count(*) from read_parquet('" + directory + "/**/*.parquet')").get(0));
    }

    @Test
    void f06PersistsTheWatermarkAsAStringAndTheRunRecordsIt() throws Exception {
        TestProject project = Catalogue.f06(temp);
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        String runId = RunArtifacts.onlyRun(project.path()).getFileName().toString();
        // A161: exact content and bytes (2-space indent, LF, trailing newline).
        assertThat(project.read(".pz/state/watermarks.json")).isEqualTo("{\n  \"version\": 1,\n  \"watermarks\": {\n"
                + "    \"files.orders\": {\n      \"cursor\": \"id\",\n      \"type\": \"bigint\",\n      \"value\": \"4\",\n"
                + "      \"runId\": \"" + runId + "\"\n    }\n  }\n}\n");
        JsonNode source = RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(project.path())),
                "src_files__orders");
        assertThat(source.get("watermark").toString()).isEqualTo("{\"cursor\":\"id\",\"type\":\"bigint\",\"value\":\"4\"}");
        assertThat(run.out()).doesNotContain("note:");

        // A172: unchanged data, second run: the watermark stays "4" (now stamped by the second run).
        CliRun again = CliRun.pz(project.path(), "run");
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(storedValue(project.path(), "files.orders")).isEqualTo("4");
        String second = RunArtifacts.latestRun(project.path()).getFileName().toString();
        assertThat(json(project.resolve(".pz/state/watermarks.json")).get("watermarks").get("files.orders")
                .get("runId").asText()).isEqualTo(second);
    }

    @Test
    void theIncrementalTemplateMovesOnlyNewRows() throws Exception {
        Path demo = temp.resolve("demo");
        assertThat(CliRun.pz("init", demo.toString(), "--template", "incremental").exitCode()).isZero();

        CliRun first = CliRun.pz(demo, "run", "--all");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(RunArtifacts.withoutTimes(first)).startsWith("ok src_raw__orders 5 rows", "ok orders_log 5 rows",
                "ok lake.orders_log 5 rows");
        assertThat(storedValue(demo, "raw.orders")).isEqualTo("2026-01-08T13:30:00.000000");
        assertThat(parquetRows(demo.resolve("out"))).isEqualTo(5);

        CliRun second = CliRun.pz(demo, "run", "--all");
        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(RunArtifacts.withoutTimes(second)).contains("ok orders_log 0 rows", "ok lake.orders_log 0 rows");
        assertThat(parquetRows(demo.resolve("out"))).isEqualTo(5);
        assertThat(storedValue(demo, "raw.orders")).isEqualTo("2026-01-08T13:30:00.000000");

        Files.writeString(demo.resolve("data/orders.csv"), "6,3,99.00,shipped,2026-01-09T10:00:00\n",
                java.nio.file.StandardOpenOption.APPEND);
        CliRun third = CliRun.pz(demo, "run", "--all");
        assertThat(third.exitCode()).as(third.toString()).isZero();
        assertThat(RunArtifacts.withoutTimes(third)).contains("ok orders_log 1 rows", "ok lake.orders_log 1 rows");
        assertThat(Duck.rows("select order_id from read_parquet('" + demo.resolve("out") + "/**/*.parquet') "
                + "order by order_id")).containsExactly("1", "2", "3", "4", "5", "6");
        assertThat(storedValue(demo, "raw.orders")).isEqualTo("2026-01-09T10:00:00.000000");

        // --full-refresh re-reads everything (at-least-once into the append log) and keeps the high mark.
        CliRun refresh = CliRun.pz(demo, "run", "--all", "--full-refresh");
        assertThat(refresh.exitCode()).as(refresh.toString()).isZero();
        assertThat(RunArtifacts.withoutTimes(refresh)).contains("ok lake.orders_log 6 rows");
        assertThat(parquetRows(demo.resolve("out"))).isEqualTo(12);
        assertThat(storedValue(demo, "raw.orders")).isEqualTo("2026-01-09T10:00:00.000000");
    }

    @Test
    void aFailedSinkBlocksAdvancementAndTheNextSuccessfulRunAdvances() throws Exception {
        TestProject project = Catalogue.f06(temp);
        Files.writeString(project.resolve("out"), "a file where the sink wants a directory");
        CliRun failed = CliRun.pz(project.path(), "run");
        assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
        assertThat(failed.out()).contains("FAIL lake.totals", "PZ0501");
        assertThat(RunArtifacts.node(RunArtifacts.results(RunArtifacts.onlyRun(project.path())), "src_files__orders")
                .get("watermark").get("value").asText()).as("the candidate is recorded").isEqualTo("4");
        assertThat(storedValue(project.path(), "files.orders")).as("but not stored").isNull();

        Files.delete(project.resolve("out"));
        CliRun ok = CliRun.pz(project.path(), "run");
        assertThat(ok.exitCode()).as(ok.toString()).isZero();
        assertThat(storedValue(project.path(), "files.orders")).isEqualTo("4");
        assertThat(parquetRows(project.resolve("out"))).isEqualTo(3);
    }

    /** One source, one staging pipeline, two sinks behind it, and a sink-less pipeline on a second source. */
    private TestProject twoSinks() {
        String contract = "        format: csv\n        columns:\n          id: bigint\n          customer: varchar\n"
                + "          amount: double\n        sync:\n          mode: incremental\n          cursor: id\n";
        return TestProject.in(temp)
                .projectYml("two_sinks", Catalogue.LOCALFILES, "engine:\n  threads: 1")
                .file("connections.yml", "files:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                        + "        path: data/orders.csv\n" + contract + "    refunds:\n      read:\n"
                        + "        path: data/refunds.csv\n" + contract + "lake:\n  connector: localfiles\n")
                .file("pipelines/stg_orders.sql", "select * from {{ source('files', 'orders') }}\n")
                .file("pipelines/out_a.sql", "INSERT INTO {{ sink('lake', 'a', strategy: 'append', duplicates: "
                        + "'accept', format: 'csv', path: 'out/a/') }}\nselect id from {{ ref('stg_orders') }}\n")
                .file("pipelines/out_b.sql", "INSERT INTO {{ sink('lake', 'b', strategy: 'append', duplicates: "
                        + "'accept', format: 'csv', path: 'out/b/') }}\nselect id, amount from {{ ref('stg_orders') }}\n")
                .file("pipelines/refund_stats.sql", "select count(*) as n from {{ source('files', 'refunds') }}\n")
                .file("data/orders.csv", Catalogue.F05_ORDERS)
                .file("data/refunds.csv", "id,customer,amount\n7,bob,1.00\n9,alice,2.00\n");
    }

    @Test
    void selectingOneOfTwoSinksDoesNotAdvanceButASinklessDatasetDoes() throws Exception {
        TestProject project = twoSinks();
        CliRun partial = CliRun.pz(project.path(), "run", "--select", "lake.a");
        assertThat(partial.exitCode()).as(partial.toString()).isZero();
        assertThat(RunArtifacts.withoutTimes(partial)).contains("ok lake.a 4 rows").noneMatch(l -> l.contains("lake.b"));
        assertThat(storedValue(project.path(), "files.orders")).as("lake.b did not run").isNull();

        CliRun sinkless = CliRun.pz(project.path(), "run", "--select", "refund_stats");
        assertThat(sinkless.exitCode()).as(sinkless.toString()).isZero();
        assertThat(storedValue(project.path(), "files.refunds")).isEqualTo("9");
        assertThat(storedValue(project.path(), "files.orders")).isNull();

        CliRun all = CliRun.pz(project.path(), "run", "--all");
        assertThat(all.exitCode()).as(all.toString()).isZero();
        assertThat(storedValue(project.path(), "files.orders")).isEqualTo("4");
    }

    @Test
    void anEmptyUnwindowedDeltaKeepsThePreviousWatermark() throws Exception {
        TestProject project = Catalogue.f06(temp);
        assertThat(CliRun.pz(project.path(), "run").exitCode()).isZero();
        String firstRun = RunArtifacts.onlyRun(project.path()).getFileName().toString();
        project.file("data/orders.csv", "id,customer,amount\n");
        CliRun empty = CliRun.pz(project.path(), "run");
        assertThat(empty.exitCode()).as(empty.toString()).isZero();
        assertThat(RunArtifacts.withoutTimes(empty)).contains("ok src_files__orders 0 rows");
        assertThat(RunArtifacts.node(RunArtifacts.results(RunArtifacts.latestRun(project.path())), "src_files__orders")
                .has("watermark")).as("no candidate").isFalse();
        JsonNode entry = json(project.resolve(".pz/state/watermarks.json")).get("watermarks").get("files.orders");
        assertThat(entry.get("value").asText()).isEqualTo("4");
        assertThat(entry.get("runId").asText()).as("untouched").isEqualTo(firstRun);
    }

    @Test
    void aCorruptStateFileMeansAFullExtractAndTheNextWriteRepairsIt() throws Exception {
        Path demo = temp.resolve("demo");
        assertThat(CliRun.pz("init", demo.toString(), "--template", "incremental").exitCode()).isZero();
        assertThat(CliRun.pz(demo, "run", "--all").exitCode()).isZero();
        Path state = demo.resolve(".pz/state/watermarks.json");
        Files.writeString(state, "{ not json");

        CliRun run = CliRun.pz(demo, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("note: Watermark state file '" + state
                + "' is corrupt or has an unexpected shape -- a full extract will occur.");
        assertThat(RunArtifacts.withoutTimes(run)).contains("ok lake.orders_log 5 rows");
        assertThat(json(state).get("watermarks").get("raw.orders").get("value").asText())
                .isEqualTo("2026-01-08T13:30:00.000000");

        CliRun after = CliRun.pz(demo, "run", "--all");
        assertThat(after.out()).doesNotContain("corrupt");
        assertThat(RunArtifacts.withoutTimes(after)).contains("ok lake.orders_log 0 rows");
    }

    @Test
    void aStoredWatermarkOfAnotherTypeFailsTheSourceWithPz0505() throws Exception {
        TestProject project = Catalogue.f06(temp);
        project.file(".pz/state/watermarks.json", "{\n  \"version\": 1,\n  \"watermarks\": {\n    \"files.orders\": {\n"
                + "      \"cursor\": \"id\",\n      \"type\": \"date\",\n      \"value\": \"2026-01-01\",\n"
                + "      \"runId\": \"manual\"\n    }\n  }\n}\n");
        CliRun run = CliRun.pz(project.path(), "run");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("FAIL src_files__orders", "PZ0505", "--full-refresh", "skip lake.totals");
        assertThat(storedValue(project.path(), "files.orders")).isEqualTo("2026-01-01");

        CliRun refresh = CliRun.pz(project.path(), "run", "--full-refresh");
        assertThat(refresh.exitCode()).as(refresh.toString()).isZero();
        assertThat(json(project.resolve(".pz/state/watermarks.json")).get("watermarks").get("files.orders")
                .get("type").asText()).isEqualTo("bigint");
        assertThat(storedValue(project.path(), "files.orders")).isEqualTo("4");
    }

    @Test
    void incrementalSourcesPairOnlyWithMergeOrConsentedAppend() {
        CliRun append = CliRun.pz(Catalogue.f06(temp.resolve("append"), "sink('lake', 'totals', strategy: 'append', format: "
                + "'parquet', path: 'out/')").path(), "compile");
        assertThat(append.exitCode()).as(append.toString()).isEqualTo(2);
        assertThat(append.err()).contains("PZ0214", "files.orders", "totals");
        CliRun replace = CliRun.pz(Catalogue.f06(temp.resolve("replace"), "sink('lake', 'totals', strategy: 'replace', format: "
                + "'parquet', path: 'out/')").path(), "compile");
        assertThat(replace.exitCode()).as(replace.toString()).isEqualTo(2);
        assertThat(replace.err()).contains("PZ0335");
        CliRun merge = CliRun.pz(Catalogue.f06(temp.resolve("merge"), "sink('lake', 'totals', strategy: 'merge', keys: "
                + "['customer'], format: 'parquet', path: 'out/')").path(), "compile");
        assertThat(merge.exitCode()).as(merge.toString()).isZero();
        assertThat(Files.exists(temp.resolve("append/.pz/runs"))).isFalse();
    }

    @Test
    void untilCaughtUpWithoutAStopRunsOnce() {
        TestProject project = Catalogue.f06(temp);
        CliRun run = CliRun.pz(project.path(), "run", "--until-caught-up");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(RunArtifacts.runDirectories(project.path())).hasSize(1);
        assertThat(run.outLines()).filteredOn(line -> line.startsWith("until-caught-up:")).containsExactly(
                "until-caught-up: 1 pass, stopped: no windowed source with a stop (`until` or a SQL ceiling) in this run");
        CliRun usage = CliRun.pz(project.path(), "run", "--max-runs", "2");
        assertThat(usage.exitCode()).isEqualTo(2);
        assertThat(usage.err()).contains("--max-runs needs --until-caught-up");
    }
}
