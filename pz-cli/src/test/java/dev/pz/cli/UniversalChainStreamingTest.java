package dev.pz.cli;

import static dev.pz.cli.RunResultsFiles.latestRun;
import static dev.pz.cli.RunResultsFiles.nodeRows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import dev.pz.testing.memory.MemoryConnector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A universal source read in full → one table pipeline → one append/replace sink streams by
 * default: the source's Arrow stream feeds the pipeline's query and the sink receives its result,
 * nothing staged; {@code engine.fusion: false} stages everything. Both give the same output bytes,
 * console lines and run_results.json counts, report a failure on the same node with the same
 * message, and leave the destination as it was when they fail.
 */
class UniversalChainStreamingTest {

    @TempDir
    Path dir;

    /** The probe the memory source is read under (transient failures are counted per probe). */
    private String probe = "ustream-" + UUID.randomUUID();

    /**
     * {@link OrdersToLake}'s project plus a memory source read under {@link #probe}; fusion null leaves
     * the key out (the default).
     */
    private TestProject project(Boolean fusion, boolean forceUniversal, String memoryRead, String sql) {
        List<String> engine = new java.util.ArrayList<>(List.of("  threads: 2"));
        if (forceUniversal) {
            engine.add("  force_universal: true");
        }
        if (fusion != null) {
            engine.add("  fusion: " + fusion);
        }
        TestProject project = OrdersToLake.write(dir, "ustream", engine.toArray(String[]::new), "pipelines/totals.sql",
                sql);
        return project.file("connections.yml", project.read("connections.yml") + "mem:\n  connector: memory\n"
                + "  entities:\n    items:\n      read: {" + memoryRead + ", probe: '" + probe + "'}\n");
    }

    private static final String ITEMS = "INSERT INTO {{ sink('lake', 'items', strategy: 'replace', format: 'csv',"
            + " path: 'out/') }}\nselect id, name, amount * 2 as doubled from {{ source('mem', 'items') }}\n"
            + "where id % 3 <> 0\n";

    @Test
    void theDefaultStreamsTheChainWithTheStagedRunsBytesAndCounts() throws Exception {
        project(false, true, "batches: 1", OrdersToLake.TOTALS);
        CliRun stagedPlan = CliRun.pz(dir, "plan");
        assertThat(stagedPlan.out()).doesNotContain("streamed");
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isZero();
        String stagedOutput = Files.readString(dir.resolve("out/totals.csv"));
        Map<String, String> stagedRows = nodeRows(latestRun(dir));
        assertThat(RunArtifacts.stagingTables(latestRun(dir))).containsExactly("src_files__orders", "totals");

        project(null, true, "batches: 1", OrdersToLake.TOTALS);
        CliRun plan = CliRun.pz(dir, "plan");
        assertThat(plan.out()).contains("arrow stream: engine.force_universal = true (read=full); streamed: its Arrow"
                + " stream feeds totals and lake.totals directly, nothing staged (engine.fusion: false stages it)\n",
                "duckdb sql: executes in-engine; streamed: a view over src_files__orders's Arrow stream, written by"
                        + " lake.totals as it is computed (engine.fusion: false stages it)\n",
                "arrow stream: engine.force_universal = true; streamed: receives totals as it is computed from"
                        + " src_files__orders (engine.fusion: false stages it)\n");
        CliRun streamed = CliRun.pz(dir, "run", "--all");
        assertThat(streamed.exitCode()).as(streamed.toString()).isZero();
        assertThat(normalized(streamed)).isEqualTo(normalized(staged))
                .contains("ok src_files__orders 4 rows", "ok totals 3 rows", "ok lake.totals 3 rows");
        assertThat(Files.readString(dir.resolve("out/totals.csv"))).isEqualTo(stagedOutput)
                .isEqualTo("customer,orders,total\nalice,2,41.0\nbob,1,20.5\ncarol,1,5.0\n");
        assertThat(nodeRows(latestRun(dir))).isEqualTo(stagedRows);
        assertThat(RunArtifacts.stagingTables(latestRun(dir))).as("nothing staged").isEmpty();
        try (Stream<Path> out = Files.list(dir.resolve("out"))) {
            assertThat(out.map(path -> path.getFileName().toString())).containsExactly("totals.csv");
        }
    }

    /**
     * Only a chain of a universal source read in full, one table pipeline without checks or other
     * readers and one sink that needs no staged text lengths streams; the others stage as before.
     */
    @Test
    void onlyQualifyingChainsStream() throws Exception {
        String sink = "INSERT INTO {{ sink('lake', '%s', strategy: 'replace', format: 'csv', path: 'out/') }}\n";
        TestProject.in(dir).projectYml("ustream", "engine:", "  threads: 2")
                .file("connections.yml", "lake:\n  connector: localfiles\nmem:\n  connector: memory\n  entities:\n"
                        + "    items: {read: {batches: 2}}\n    incr: {read: {batches: 2, sync: {mode: incremental,"
                        + " cursor: id}}}\n    shared: {read: {batches: 2}}\n    checked: {read: {batches: 2}}\n"
                        + "    viewed: {read: {batches: 2}}\n    kept: {read: {batches: 2}, write: {}}\n")
                .file("pipelines/p_items.sql", sink.formatted("items") + "select * from {{ source('mem', 'items') }}\n")
                .file("pipelines/p_incr.sql", "INSERT INTO {{ sink('lake', 'incr', strategy: 'append', format: 'csv',"
                        + " path: 'out/', duplicates: 'accept') }}\nselect * from {{ source('mem', 'incr') }}\n")
                .file("pipelines/p_base.sql", "select * from {{ source('mem', 'shared') }}\n")
                .file("pipelines/p_onward.sql", sink.formatted("onward") + "select * from {{ ref('p_base') }}\n")
                .file("pipelines/p_checked.sql", sink.formatted("checked")
                        + "select * from {{ source('mem', 'checked') }}\n")
                .file("pipelines/configs/p_checked.yml", "pipeline: p_checked\nchecks:\n  - not_null: [id]\n")
                .file("pipelines/p_viewed.sql", sink.formatted("viewed") + "select * from {{ source('mem', 'viewed') }}\n")
                .file("pipelines/configs/p_viewed.yml", "pipeline: p_viewed\nmaterialization: view\n")
                .file("pipelines/p_kept.sql", "INSERT INTO {{ sink('mem', 'kept_out', strategy: 'replace') }}\n"
                        + "select * from {{ source('mem', 'kept') }}\n");
        CliRun plan = CliRun.pz(dir, "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.outLines()).filteredOn(line -> line.contains("streamed: ") && !line.contains("COPY into"))
                .extracting(line -> line.split(" +")[1]).containsExactly("src_mem__items", "p_items", "lake.items");
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(RunArtifacts.stagingTables(latestRun(dir))).contains("src_mem__incr", "src_mem__shared", "p_base",
                "src_mem__checked", "src_mem__viewed", "src_mem__kept", "p_checked", "p_kept")
                .doesNotContain("src_mem__items", "p_items");
        assertThat(Files.readString(dir.resolve("out/items.csv"))).startsWith("id,amount,name\n1,1.5,n1\n");
    }

    /** Many batches through the bounded channel into a native COPY to a file, filtered on the way. */
    @Test
    void aUniversalSourceStreamsIntoANativeFileWriteAcrossManyBatches() throws Exception {
        project(false, false, "batches: 40, rows: 1000", ITEMS);
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isZero();
        String stagedOutput = Files.readString(dir.resolve("out/items.csv"));

        project(null, false, "batches: 40, rows: 1000", ITEMS);
        CliRun plan = CliRun.pz(dir, "plan");
        assertThat(plan.outLines()).filteredOn(line -> line.contains("streamed")).extracting(line -> line.split(" +")[1])
                .containsExactly("src_mem__items", "totals", "lake.items");
        assertThat(plan.out()).contains("native copy: connector 'localfiles' provides COPY TO csv; streamed: receives"
                + " totals as it is computed from src_mem__items (engine.fusion: false stages it)\n");
        CliRun streamed = CliRun.pz(dir, "run", "--all");
        assertThat(streamed.exitCode()).as(streamed.toString()).isZero();
        assertThat(normalized(streamed)).isEqualTo(normalized(staged))
                .contains("ok src_mem__items 40000 rows", "ok totals 26667 rows", "ok lake.items 26667 rows");
        assertThat(Files.readString(dir.resolve("out/items.csv"))).isEqualTo(stagedOutput)
                .startsWith("id,name,doubled\n1,n1,3.0\n2,n2,6.0\n4,n4,12.0\n");
        assertThat(RunArtifacts.stagingTables(latestRun(dir))).isEmpty();
        assertThat(MemoryConnector.events(probe)).as("each run read the source once")
                .filteredOn(event -> event.startsWith("open")).hasSize(2);
    }

    /** The source fails after two batches: its node reports it, once, and the output keeps its old bytes. */
    @Test
    void aSourceFailingMidStreamFailsOnTheSourceAsWhenStaged() throws Exception {
        TestProject.in(dir).file("out/items.csv", "id\n7\n");
        String read = "batches: 5, rows: 10, fail_after: 2";
        project(false, true, read, ITEMS);
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isEqualTo(1);

        project(null, true, read, ITEMS);
        CliRun streamed = CliRun.pz(dir, "run", "--all");
        assertThat(streamed.exitCode()).as(streamed.toString()).isEqualTo(1);
        assertThat(normalized(streamed)).isEqualTo(normalized(staged))
                .contains("FAIL src_mem__items 0 rows", "skip totals 0 rows", "skip lake.items 0 rows");
        assertThat(streamed.out()).contains("memory source gave up after 2 batches");
        assertThat(Files.readString(dir.resolve("out/items.csv"))).isEqualTo("id\n7\n");
        assertThat(MemoryConnector.events(probe)).as("the source's failure is not replayed")
                .filteredOn(event -> event.startsWith("open")).hasSize(2);
    }

    /** A transient source failure is retried on the source node, as without streaming. */
    @Test
    void aTransientSourceFailureIsRetriedOnTheSourceAsWhenStaged() throws Exception {
        project(false, true, "batches: 3, rows: 10, transient_failures: 1", ITEMS);
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isZero();

        probe = probe + "-streamed";
        project(null, true, "batches: 3, rows: 10, transient_failures: 1", ITEMS);
        CliRun streamed = CliRun.pz(dir, "run", "--all");
        assertThat(streamed.exitCode()).as(streamed.toString()).isZero();
        assertThat(normalized(streamed)).isEqualTo(normalized(staged)).anyMatch(line -> line.contains("retry"))
                .contains("ok src_mem__items 30 rows", "ok totals 20 rows", "ok lake.items 20 rows");
    }

    /**
     * The sink cannot write (its directory is a file): the chain is read again the staged way, so the
     * sink node fails with the staged run's message and the pipeline's table is staged.
     */
    @Test
    void aSinkThatCannotWriteFailsOnTheSinkAsWhenStaged() throws Exception {
        TestProject.in(dir).file("out", "not a directory\n");
        project(false, true, "batches: 3, rows: 10", ITEMS);
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isEqualTo(1);

        project(null, true, "batches: 3, rows: 10", ITEMS);
        CliRun streamed = CliRun.pz(dir, "run", "--all");
        assertThat(streamed.exitCode()).as(streamed.toString()).isEqualTo(1);
        assertThat(normalized(streamed)).isEqualTo(normalized(staged))
                .contains("ok src_mem__items 30 rows", "ok totals 20 rows", "FAIL lake.items 0 rows");
        assertThat(RunArtifacts.stagingTables(latestRun(dir))).containsExactly("src_mem__items", "totals");
        assertThat(Files.readString(dir.resolve("out"))).isEqualTo("not a directory\n");
        assertThat(MemoryConnector.events(probe)).as("staged once; streamed, then read again staged")
                .filteredOn(event -> event.startsWith("open")).hasSize(3);

        Files.delete(dir.resolve("out"));
        CliRun retry = CliRun.pz(dir, "retry");
        assertThat(retry.exitCode()).as(retry.toString()).isZero();
        assertThat(normalized(retry)).contains("ok lake.items 20 rows");
        assertThat(Files.readString(dir.resolve("out/items.csv"))).startsWith("id,name,doubled\n1,n1,3.0\n2,n2,6.0\n");
        assertThat(MemoryConnector.events(probe)).as("the retry reused the staged source")
                .filteredOn(event -> event.startsWith("open")).hasSize(3);
    }

    /** A chain stopped by the node's timeout is not read again: the source node reports the stop. */
    @Test
    void aTimedOutChainIsStoppedNotReplayed() throws Exception {
        TestProject.in(dir).file("out/items.csv", "id\n7\n");
        project(null, true, "block: true", ITEMS).projectYml("ustream", "engine:", "  threads: 2",
                "  force_universal: true", "  node_timeout: 1s");
        CliRun streamed = CliRun.pz(dir, "run", "--all");
        assertThat(streamed.exitCode()).as(streamed.toString()).isEqualTo(1);
        assertThat(RunArtifacts.withoutTimes(streamed)).contains("FAIL src_mem__items 0 rows",
                "  PZ0525: node 'src_mem__items' exceeded engine.node_timeout (1s) on attempt 1 and was cancelled.",
                "skip totals 0 rows", "skip lake.items 0 rows");
        assertThat(Files.readString(dir.resolve("out/items.csv"))).isEqualTo("id\n7\n");
        assertThat(MemoryConnector.events(probe)).filteredOn(event -> event.startsWith("open")).hasSize(1);
    }

    /** The console lines without durations, run ids and bottleneck hints (which depend on timing). */
    private static List<String> normalized(CliRun run) {
        return run.outLines().stream().filter(line -> !line.startsWith("hint: ")).map(line -> line.replaceAll(" \\d+ms$", "").replaceAll(" in \\d+ms ", " in ")
                .replaceAll("\\d{8}T\\d{9}Z-[0-9a-f]{4}", "<run>")).toList();
    }
}
