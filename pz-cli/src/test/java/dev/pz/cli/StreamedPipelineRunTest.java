package dev.pz.cli;

import static dev.pz.cli.RunResultsFiles.latestRun;
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

/**
 * A pipeline whose one consumer is a native file write but which is not a whole fused chain (here
 * it reads another pipeline, not a source) is, by default, a view whose node runs the write's
 * COPY; {@code engine.fusion: false} stages it as a table. Both give the same output bytes, console
 * lines and run_results.json counts, and report a failure on the same node with the same message;
 * only what {@code staging.duckdb} holds for the pipeline differs. Independent nodes finish in
 * either order, so console lines are compared as sets.
 */
class StreamedPipelineRunTest {

    private static final String TOTALS = OrdersToLake.TOTALS;
    private static final String CAST = "INSERT INTO {{ sink('lake', 'totals', strategy: 'replace', format: 'csv',"
            + " path: 'out/') }}\nselect cast(customer as integer) as id from {{ source('files', 'orders') }}\n";

    @TempDir
    Path dir;

    /** fusion: null leaves the key out (the default). */
    private void project(Boolean fusion, String sql) {
        OrdersToLake.write(dir, "streamed", fusion == null ? new String[] {"  threads: 2"}
                : new String[] {"  threads: 2", "  fusion: " + fusion}, "pipelines/totals.sql",
                sql.replace("{{ source('files', 'orders') }}", "{{ ref('base') }}"))
                .file("pipelines/base.sql", "select id, customer, amount from {{ source('files', 'orders') }}\n");
    }

    @Test
    void theDefaultStreamsThePipelineWithTheStagedPathsBytesAndCounts() throws Exception {
        project(false, TOTALS);
        CliRun stagedPlan = CliRun.pz(dir, "plan");
        assertThat(stagedPlan.out()).doesNotContain("streamed");
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isZero();
        String stagedOutput = Files.readString(dir.resolve("out/totals.csv"));
        Map<String, String> stagedRows = nodeRows(latestRun(dir));
        assertThat(relationType(latestRun(dir), "totals")).isEqualTo("table");

        project(null, TOTALS);
        CliRun plan = CliRun.pz(dir, "plan");
        assertThat(plan.out()).contains("duckdb sql: executes in-engine; streamed: a view whose node runs the COPY into"
                + " lake.totals (engine.fusion: false stages a table)\n",
                "native copy: connector 'localfiles' provides COPY TO csv\n");
        CliRun streamed = CliRun.pz(dir, "run", "--all");
        assertThat(streamed.exitCode()).as(streamed.toString()).isZero();
        assertThat(normalized(streamed)).containsExactlyInAnyOrderElementsOf(normalized(staged))
                .contains("ok src_files__orders 4 rows", "ok totals 3 rows", "ok lake.totals 3 rows");
        assertThat(Files.readString(dir.resolve("out/totals.csv"))).isEqualTo(stagedOutput)
                .isEqualTo("customer,orders,total\nalice,2,41.0\nbob,1,20.5\ncarol,1,5.0\n");
        assertThat(nodeRows(latestRun(dir))).isEqualTo(stagedRows);
        assertThat(relationType(latestRun(dir), "totals")).isEqualTo("view");
        assertThat(relationType(latestRun(dir), "src_files__orders")).isEqualTo("table");
        try (Stream<Path> out = Files.list(dir.resolve("out"))) {
            assertThat(out.map(path -> path.getFileName().toString())).containsExactly("totals.csv");
        }
    }

    /**
     * Only a table pipeline whose one consumer is a native file write streams: a pipeline another
     * pipeline reads and a view pipeline keep their relation, and the run's counts stay the staged ones.
     */
    @Test
    void onlyATablePipelineWithOneFileWriteStreams() throws Exception {
        String base = "select id, customer, amount from {{ source('files', 'orders') }}\n";
        String onward = "INSERT INTO {{ sink('lake', 'onward', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select * from {{ ref('base') }} order by id\n";
        String viewed = "INSERT INTO {{ sink('lake', 'viewed', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select customer from {{ ref('base') }} order by id\n";
        String totals = TOTALS.replace("{{ source('files', 'orders') }}", "{{ ref('base') }}");
        project(null, totals);
        TestProject.in(dir).file("pipelines/base.sql", base).file("pipelines/onward.sql", onward)
                .file("pipelines/viewed.sql", viewed)
                .file("pipelines/configs/viewed.yml", "pipeline: viewed\nmaterialization: view\n");
        CliRun plan = CliRun.pz(dir, "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.outLines()).filteredOn(line -> line.contains("streamed")).extracting(line -> line.split(" +")[1])
                .containsExactlyInAnyOrder("totals", "onward");
        CliRun streamed = CliRun.pz(dir, "run", "--all");
        assertThat(streamed.exitCode()).as(streamed.toString()).isZero();
        Map<String, String> streamedRows = nodeRows(latestRun(dir));
        assertThat(relationType(latestRun(dir), "base")).isEqualTo("table");
        assertThat(relationType(latestRun(dir), "onward")).isEqualTo("view");
        String onwardOutput = Files.readString(dir.resolve("out/onward.csv"));

        project(false, totals);
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isZero();
        assertThat(normalized(streamed)).containsExactlyInAnyOrderElementsOf(normalized(staged));
        assertThat(nodeRows(latestRun(dir))).containsExactlyInAnyOrderEntriesOf(streamedRows).containsEntry("onward", "success 4")
                .containsEntry("viewed", "success 0");
        assertThat(Files.readString(dir.resolve("out/onward.csv"))).isEqualTo(onwardOutput)
                .isEqualTo("id,customer,amount\n1,alice,10.25\n2,bob,20.5\n3,alice,30.75\n4,carol,5.0\n");
    }

    /** The pipeline's SQL fails on the data: its COPY fails, the staged table fails the same way. */
    @Test
    void aFailingPipelineFailsOnTheSameNodeWithTheSameMessage() throws Exception {
        TestProject.in(dir).file("out/totals.csv", "id\n7\n");
        project(false, CAST);
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isEqualTo(1);

        project(null, CAST);
        CliRun streamed = CliRun.pz(dir, "run", "--all");
        assertThat(streamed.exitCode()).as(streamed.toString()).isEqualTo(1);
        assertThat(normalized(streamed)).containsExactlyInAnyOrderElementsOf(normalized(staged))
                .contains("ok src_files__orders 4 rows", "FAIL totals 0 rows", "skip lake.totals 0 rows");
        assertThat(nodeRows(latestRun(dir))).containsEntry("totals", "failed 0");
        assertThat(Files.readString(dir.resolve("out/totals.csv"))).isEqualTo("id\n7\n");
    }

    /**
     * The COPY itself cannot write (the output directory is a file): the pipeline stages its table
     * instead, and the write fails on the sink node as without streaming.
     */
    @Test
    void aWriteThatCannotStartFailsOnTheSinkAsWhenStaged() throws Exception {
        TestProject.in(dir).file("out", "not a directory\n");
        project(false, TOTALS);
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isEqualTo(1);

        project(null, TOTALS);
        CliRun streamed = CliRun.pz(dir, "run", "--all");
        assertThat(streamed.exitCode()).as(streamed.toString()).isEqualTo(1);
        assertThat(normalized(streamed)).containsExactlyInAnyOrderElementsOf(normalized(staged))
                .contains("ok src_files__orders 4 rows", "ok totals 3 rows", "FAIL lake.totals 0 rows");
        assertThat(relationType(latestRun(dir), "totals")).isEqualTo("table");
        assertThat(Files.readString(dir.resolve("out"))).isEqualTo("not a directory\n");
    }

    /** The console lines without durations and run ids. */
    private static List<String> normalized(CliRun run) {
        return run.outLines().stream().map(line -> line.replaceAll(" \\d+ms$", "")
                .replaceAll("\\d{8}T\\d{9}Z-[0-9a-f]{4}", "<run>")).toList();
    }
}
