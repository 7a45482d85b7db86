package dev.pz.cli;

import static dev.pz.cli.RunResultsFiles.latestRun;
import static dev.pz.cli.RunResultsFiles.nodeOutcomes;
import static dev.pz.cli.RunResultsFiles.nodeRows;
import static dev.pz.cli.RunResultsFiles.relationType;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Native fusion of whole chains, the default: a pass-through chain source → pipeline → sink runs
 * as one streaming COPY on its source node, shows so in the plan, and gives the same output bytes,
 * console lines, run_results.json statuses, counts and messages and exit code as the staged path
 * ({@code engine.fusion: false}); only what {@code staging.duckdb} holds differs. A failing COPY is
 * replayed the staged way, so every failure is reported by the staged path's node.
 */
class FusionRunTest {

    private static final String FUSED_PLAN_NOTE = "(staging.duckdb keeps views; engine.fusion: false stages tables)";

    @TempDir
    Path dir;

    /** fusion: null leaves the key out (the default). */
    private TestProject project(Boolean fusion) {
        return project(fusion, "pipelines/totals.sql", OrdersToLake.TOTALS);
    }

    private TestProject project(Boolean fusion, String pipelineFile, String pipelineSql) {
        return OrdersToLake.write(dir, "fused", fusion == null ? new String[] {"  threads: 2"}
                : new String[] {"  threads: 2", "  fusion: " + fusion}, pipelineFile, pipelineSql);
    }

    /**
     * A run: its console lines (standard output, then standard error) without durations and run ids,
     * its exit code and run_results.json's nodes.
     */
    private record Outcome(List<String> console, int exitCode, Map<String, String> nodes) {
    }

    /** Runs pz; a run refused before it started leaves no run directory, and no nodes. */
    private Outcome run(String... args) throws Exception {
        CliRun run = CliRun.pz(dir, args);
        boolean ran;
        try (Stream<Path> runs = Files.isDirectory(dir.resolve(".pz/runs")) ? Files.list(dir.resolve(".pz/runs"))
                : Stream.empty()) {
            ran = runs.anyMatch(path -> Files.exists(path.resolve("run_results.json")));
        }
        return new Outcome(Stream.concat(run.outLines().stream(), run.errLines().stream()).map(line -> line
                .replaceAll(" \\d+ms$", "")
                .replaceAll("\\d{8}T\\d{9}Z-[0-9a-f]{4}", "<run>")).toList(), run.exitCode(),
                ran ? nodeOutcomes(latestRun(dir)) : Map.of());
    }

    @Test
    void theDefaultFusesTheChainWithTheStagedPathsBytesAndCounts() throws Exception {
        project(false);
        assertThat(CliRun.pz(dir, "plan").out()).doesNotContain("fused");
        Outcome staged = run("run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isZero();
        String stagedOutput = Files.readString(dir.resolve("out/totals.csv"));
        assertThat(relationType(latestRun(dir), "src_files__orders")).isEqualTo("table");

        project(null);
        CliRun plan = CliRun.pz(dir, "plan");
        assertThat(plan.out()).contains("; fused: a view over the file, whose node runs the COPY into lake.totals "
                + FUSED_PLAN_NOTE, "; fused: a view streamed by one COPY into lake.totals, nothing staged "
                + FUSED_PLAN_NOTE, "; fused: one COPY streams totals");
        Outcome fused = run("run", "--all");
        assertThat(fused).isEqualTo(staged);
        assertThat(fused.console()).contains("ok src_files__orders 4 rows", "ok totals 3 rows", "ok lake.totals 3 rows");
        assertThat(Files.readString(dir.resolve("out/totals.csv"))).isEqualTo(stagedOutput)
                .isEqualTo("customer,orders,total\nalice,2,41.0\nbob,1,20.5\ncarol,1,5.0\n");
        assertThat(relationType(latestRun(dir), "src_files__orders")).isEqualTo("view");
        assertThat(relationType(latestRun(dir), "totals")).isEqualTo("view");
        try (Stream<Path> out = Files.list(dir.resolve("out"))) {
            assertThat(out.map(path -> path.getFileName().toString())).containsExactly("totals.csv");
        }
    }

    /**
     * A source that cannot be read (a value its declared type refuses, also in a column the pipeline
     * does not read; a row with an extra field, a missing file, a header that does not match the
     * declared columns): the fused run reports it on
     * the same node, with the same message and exit code, as the staged run, and leaves the output.
     */
    @ParameterizedTest
    @ValueSource(strings = {"id,customer,amount\n1,alice,10.25\n2,bob,not-a-number\n",
        "id,customer,amount\n1,alice,10.25\nnot-an-id,bob,3.0\n",
        "id,customer,amount\n1,alice,10.25\n2,bob,3.0,extra\n", "", "ident,who,amount\n1,alice,10.25\n"})
    void aBadSourceFailsOnTheSameNodeWithTheSameMessageAsStaged(String data) throws Exception {
        Outcome staged = failedRun(false, data);
        Outcome fused = failedRun(null, data);
        assertThat(fused).isEqualTo(staged);
        assertThat(fused.exitCode()).isNotZero();
        assertThat(Files.readString(dir.resolve("out/totals.csv"))).isEqualTo("previous\n");
        if (fused.exitCode() == 1) {
            assertThat(fused.console()).contains("FAIL src_files__orders 0 rows", "skip totals 0 rows",
                    "skip lake.totals 0 rows");
        } else {
            assertThat(fused.console()).anyMatch(line -> line.startsWith("error PZ0353: "));
            assertThat(fused.nodes()).isEmpty();
        }
    }

    /** A run over {@code data} (empty: no file at all) with the given fusion, over a previous output. */
    private Outcome failedRun(Boolean fusion, String data) throws Exception {
        project(fusion);
        TestProject.in(dir).file("out/totals.csv", "previous\n");
        if (data.isEmpty()) {
            Files.delete(dir.resolve("data/orders.csv"));
        } else {
            TestProject.in(dir).file("data/orders.csv", data);
        }
        Outcome outcome = run("run", "--all");
        deleteRuns();
        return outcome;
    }

    private void deleteRuns() throws Exception {
        if (!Files.exists(dir.resolve(".pz"))) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir.resolve(".pz"))) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    /**
     * A pipeline that keeps every source row (projections and a sort): the source node takes its
     * count from the chain's COPY instead of scanning the file again; every count, and the bytes,
     * stay those of the staged path.
     */
    @Test
    void aRowPreservingFusedChainReportsTheStagedPathsCounts() throws Exception {
        String sql = "INSERT INTO {{ sink('lake', 'shouted', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select id, upper(customer) as customer, amount * 2 as doubled\nfrom {{ source('files', 'orders') }}"
                + "\norder by amount desc\n";
        project(false, "pipelines/shouted.sql", sql);
        Outcome staged = run("run", "--all");
        String stagedOutput = Files.readString(dir.resolve("out/shouted.csv"));

        project(null, "pipelines/shouted.sql", sql);
        Outcome fused = run("run", "--all");
        assertThat(fused).isEqualTo(staged);
        assertThat(fused.console()).contains("ok src_files__orders 4 rows", "ok shouted 4 rows", "ok lake.shouted 4 rows");
        assertThat(Files.readString(dir.resolve("out/shouted.csv"))).isEqualTo(stagedOutput)
                .isEqualTo("id,customer,doubled\n3,ALICE,61.5\n2,BOB,41.0\n1,ALICE,20.5\n4,CAROL,10.0\n");
        assertThat(nodeRows(latestRun(dir))).containsEntry("src_files__orders", "success 4")
                .containsEntry("shouted", "success 4");
    }

    /**
     * A chain whose pipeline fails on the data (a cast the data refuses): replayed staged, the source
     * lands its table and the failure is the pipeline's, with the staged message; the output stays whole.
     */
    @Test
    void aFailingPipelineFailsOnThePipelineAsStaged() throws Exception {
        String sql = "INSERT INTO {{ sink('lake', 'ids', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select cast(customer as integer) as id from {{ source('files', 'orders') }}\n";
        TestProject.in(dir).file("out/ids.csv", "id\n7\n");
        project(false, "pipelines/ids.sql", sql);
        TestProject.in(dir).file("data/orders.csv", "id,customer,amount\n1,7,1.0\n2,bob,2.0\n3,9,3.0\n");
        Outcome staged = run("run", "--all");

        project(null, "pipelines/ids.sql", sql);
        TestProject.in(dir).file("data/orders.csv", "id,customer,amount\n1,7,1.0\n2,bob,2.0\n3,9,3.0\n");
        Outcome fused = run("run", "--all");
        assertThat(fused).isEqualTo(staged);
        assertThat(fused.exitCode()).isEqualTo(1);
        assertThat(fused.console()).contains("ok src_files__orders 3 rows", "FAIL ids 0 rows", "skip lake.ids 0 rows");
        assertThat(relationType(latestRun(dir), "src_files__orders")).isEqualTo("table");
        assertThat(Files.readString(dir.resolve("out/ids.csv"))).isEqualTo("id\n7\n");
        try (Stream<Path> files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(path -> path.getFileName().toString())).containsExactly("ids.csv");
        }
    }

    /**
     * The COPY cannot write (the output directory is a file): the chain is replayed staged and the
     * write fails on the sink; a retry once the way is clear reuses the source table the replay
     * staged and writes what the staged path writes.
     */
    @Test
    void aWriteThatCannotStartFailsOnTheSinkAndARetryFinishesIt() throws Exception {
        TestProject.in(dir).file("out", "not a directory\n");
        project(false);
        Outcome staged = run("run", "--all");
        Files.delete(dir.resolve("out"));
        Outcome stagedRetry = run("retry");
        String stagedOutput = Files.readString(dir.resolve("out/totals.csv"));
        deleteRuns();
        Files.delete(dir.resolve("out/totals.csv"));
        Files.delete(dir.resolve("out"));

        TestProject.in(dir).file("out", "not a directory\n");
        project(null);
        Outcome fused = run("run", "--all");
        assertThat(fused).isEqualTo(staged);
        assertThat(fused.console()).contains("ok src_files__orders 4 rows", "ok totals 3 rows", "FAIL lake.totals 0 rows");
        assertThat(Files.readString(dir.resolve("out"))).isEqualTo("not a directory\n");
        Files.delete(dir.resolve("out"));
        Outcome retry = run("retry");
        assertThat(retry).isEqualTo(stagedRetry);
        assertThat(retry.exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("out/totals.csv"))).isEqualTo(stagedOutput)
                .isEqualTo("customer,orders,total\nalice,2,41.0\nbob,1,20.5\ncarol,1,5.0\n");
    }

    /**
     * A source without a columns: contract: the inferred-schema lint warns and the drift gate fails
     * the load as when staged, and a failed gate leaves the previous output in place.
     */
    @Test
    void aFusedSourceWarnsAndFailsOnDriftAsStaged() throws Exception {
        List<Outcome> staged = driftRuns(false);
        List<Outcome> fused = driftRuns(null);
        assertThat(fused).isEqualTo(staged);
        assertThat(fused.get(0).console()).anyMatch(line -> line.startsWith("warning: files.orders: column(s) [amount]"
                + " auto-detected as DOUBLE"));
        assertThat(fused.get(1).exitCode()).isEqualTo(1);
        assertThat(fused.get(1).nodes().get("src_files__orders")).startsWith("failed 1 ").contains("PZ0331");
        assertThat(Files.readString(dir.resolve("out/totals.csv"))).isEqualTo("id,amount\n1,9007199254740992.0\n2,1.5e+17\n");
    }

    /** Two runs under on_source_drift: fail: one whose amount needs the lint, then one with a new column. */
    private List<Outcome> driftRuns(Boolean fusion) throws Exception {
        deleteRuns();
        String sql = "INSERT INTO {{ sink('lake', 'totals', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select * from {{ source('files', 'orders') }}\n";
        TestProject project = project(fusion, "pipelines/totals.sql", sql);
        project.file("project.yml", Files.readString(dir.resolve("project.yml")).replace("engine:",
                "on_source_drift: fail\nengine:")).file("connections.yml", Files.readString(dir.resolve("connections.yml"))
                .replaceAll("(?m)^ *columns: .*\n", ""));
        project.file("data/orders.csv", "id,amount\n1,9007199254740993\n2,1.5e17\n");
        Outcome first = run("run", "--all");
        project.file("data/orders.csv", "id,amount,extra\n1,2,x\n");
        return List.of(first, run("run", "--all"));
    }

    /** A pipeline with checks keeps its table, and so its sources theirs: nothing of the chain fuses. */
    @Test
    void aChainWithChecksDoesNotFuse() throws Exception {
        project(null).file("pipelines/configs/totals.yml", "pipeline: totals\nchecks:\n  - not_null: [customer]\n");
        CliRun plan = CliRun.pz(dir, "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).doesNotContain("fused", "streamed");
        Outcome run = run("run", "--all");
        assertThat(run.exitCode()).isZero();
        assertThat(relationType(latestRun(dir), "src_files__orders")).isEqualTo("table");
        assertThat(relationType(latestRun(dir), "totals")).isEqualTo("table");
    }

    /**
     * A chain of two sources fuses only under {@code engine.fusion: true}, where its pipeline node runs
     * the COPY; the default streams the pipeline alone over staged sources. A retry after such a fused
     * run failed extracts the sources again (their views hold no rows) and writes the same output.
     */
    @Test
    void aChainOfTwoSourcesFusesOnlyWhenTurnedOnAndARetryExtractsItsSourcesAgain() throws Exception {
        String sql = "INSERT INTO {{ sink('lake', 'joined', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select o.id, o.customer, r.region from {{ source('files', 'orders') }} o\n"
                + "join {{ source('files', 'regions') }} r using (customer)\norder by o.id\n";
        project(null, "pipelines/joined.sql", sql).file("connections.yml", Files.readString(dir.resolve("connections.yml"))
                .replace("lake:", "    regions:\n      read:\n        path: data/regions.csv\n        format: csv\n"
                        + "        columns: {customer: varchar, region: varchar}\nlake:"))
                .file("data/regions.csv", "customer,region\nalice,north\nbob,south\ncarol,east\n");
        assertThat(CliRun.pz(dir, "plan").out()).doesNotContain("fused")
                .contains("streamed: a view whose node runs the COPY into lake.joined");
        Outcome streamed = run("run", "--all");
        assertThat(streamed.exitCode()).isZero();
        String expected = Files.readString(dir.resolve("out/joined.csv"));
        Files.delete(dir.resolve("out/joined.csv"));
        Files.delete(dir.resolve("out"));

        TestProject.in(dir).file("project.yml", Files.readString(dir.resolve("project.yml"))
                .replace("  threads: 2\n", "  threads: 2\n  fusion: true\n"));
        assertThat(CliRun.pz(dir, "plan").out()).contains("; fused: a view over the file, streamed by the COPY of "
                + "lake.joined " + FUSED_PLAN_NOTE, "nothing staged; a source that cannot be read fails this node");
        TestProject.in(dir).file("out", "not a directory\n");
        Outcome fused = run("run", "--all");
        assertThat(fused.console()).contains("ok src_files__orders 4 rows", "ok src_files__regions 3 rows",
                "FAIL joined 0 rows", "skip lake.joined 0 rows");
        assertThat(relationType(latestRun(dir), "src_files__regions")).isEqualTo("view");
        Files.delete(dir.resolve("out"));
        CliRun retry = CliRun.pz(dir, "retry");
        assertThat(retry.exitCode()).as(retry.toString()).isZero();
        assertThat(retry.out()).contains("source 'files.regions': the prior run streamed it through a view (native"
                + " fusion) and staged no table; re-extracting", "ok src_files__regions 3 rows", "ok joined 4 rows",
                "ok lake.joined 4 rows");
        assertThat(Files.readString(dir.resolve("out/joined.csv"))).isEqualTo(expected)
                .isEqualTo("id,customer,region\n1,alice,north\n2,bob,south\n3,alice,north\n4,carol,east\n");
    }
}
