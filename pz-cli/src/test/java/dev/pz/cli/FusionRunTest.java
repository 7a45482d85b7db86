package dev.pz.cli;

import static dev.pz.cli.RunResultsFiles.latestRun;
import static dev.pz.cli.RunResultsFiles.nodeRows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Native fusion (issue 4): with {@code engine.fusion: true} a pass-through chain source → pipeline →
 * sink runs as one streaming COPY, shows so in the plan, and gives the same output bytes and row
 * counts as the staged path, with the same atomic replace.
 */
class FusionRunTest {

    @TempDir
    Path dir;

    private TestProject project(boolean fusion) {
        return project(fusion, "pipelines/totals.sql", OrdersToLake.TOTALS);
    }

    private TestProject project(boolean fusion, String pipelineFile, String pipelineSql) {
        return OrdersToLake.write(dir, "fused", new String[] {"  threads: 2", "  fusion: " + fusion}, pipelineFile,
                pipelineSql);
    }

    @Test
    void fusedChainMatchesTheStagedPathByteForByte() throws Exception {
        project(false);
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isZero();
        String stagedOutput = Files.readString(dir.resolve("out/totals.csv"));

        project(true);
        CliRun plan = CliRun.pz(dir, "plan");
        assertThat(plan.out()).contains("; fused: a view over the file", "; fused: a view streamed by one COPY into "
                + "lake.totals", "; fused: one COPY streams totals");
        CliRun fused = CliRun.pz(dir, "run", "--all");
        assertThat(fused.exitCode()).as(fused.toString()).isZero();
        assertThat(fused.outLines()).map(line -> line.replaceAll(" \\d+ms$", ""))
                .contains("ok src_files__orders 4 rows", "ok totals 3 rows", "ok lake.totals 3 rows");
        assertThat(Files.readString(dir.resolve("out/totals.csv"))).isEqualTo(stagedOutput)
                .isEqualTo("customer,orders,total\nalice,2,41.0\nbob,1,20.5\ncarol,1,5.0\n");
        try (var staging = Files.list(dir.resolve("out"))) {
            assertThat(staging.map(path -> path.getFileName().toString())).containsExactly("totals.csv");
        }
    }

    @Test
    void aFailedFusedCopyLeavesThePreviousOutputWhole() throws Exception {
        project(true);
        assertThat(CliRun.pz(dir, "run", "--all").exitCode()).isZero();
        String before = Files.readString(dir.resolve("out/totals.csv"));
        TestProject.in(dir).file("data/orders.csv", "id,customer,amount\n1,alice,10.25\n2,bob,not-a-number\n");
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.out()).contains("FAIL totals 0 rows", "skip lake.totals 0 rows");
        assertThat(Files.readString(dir.resolve("out/totals.csv"))).isEqualTo(before);
        try (var files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(path -> path.getFileName().toString())).containsExactly("totals.csv");
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
        CliRun staged = CliRun.pz(dir, "run", "--all");
        assertThat(staged.exitCode()).as(staged.toString()).isZero();
        String stagedOutput = Files.readString(dir.resolve("out/shouted.csv"));
        Map<String, String> stagedRows = nodeRows(latestRun(dir));

        project(true, "pipelines/shouted.sql", sql);
        CliRun fused = CliRun.pz(dir, "run", "--all");
        assertThat(fused.exitCode()).as(fused.toString()).isZero();
        assertThat(fused.outLines()).map(line -> line.replaceAll(" \\d+ms$", ""))
                .contains("ok src_files__orders 4 rows", "ok shouted 4 rows", "ok lake.shouted 4 rows");
        assertThat(Files.readString(dir.resolve("out/shouted.csv"))).isEqualTo(stagedOutput)
                .isEqualTo("id,customer,doubled\n3,ALICE,61.5\n2,BOB,41.0\n1,ALICE,20.5\n4,CAROL,10.0\n");
        assertThat(nodeRows(latestRun(dir))).isEqualTo(stagedRows)
                .containsEntry("src_files__orders", "success 4").containsEntry("shouted", "success 4");
    }

    /**
     * A row-preserving fused chain whose COPY fails (a cast the data refuses): the failure is the
     * pipeline's, as without the shortcut; the source still reports its rows and the output stays whole.
     */
    @Test
    void aFailingRowPreservingChainFailsOnThePipelineAndLeavesTheOutputWhole() throws Exception {
        String sql = "INSERT INTO {{ sink('lake', 'ids', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select cast(customer as integer) as id from {{ source('files', 'orders') }}\n";
        project(true, "pipelines/ids.sql", sql);
        TestProject.in(dir).file("data/orders.csv", "id,customer,amount\n1,7,1.0\n2,8,2.0\n");
        assertThat(CliRun.pz(dir, "run", "--all").exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("out/ids.csv"))).isEqualTo("id\n7\n8\n");

        TestProject.in(dir).file("data/orders.csv", "id,customer,amount\n1,7,1.0\n2,bob,2.0\n3,9,3.0\n");
        CliRun run = CliRun.pz(dir, "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.outLines()).map(line -> line.replaceAll(" \\d+ms$", ""))
                .contains("ok src_files__orders 3 rows", "FAIL ids 0 rows", "skip lake.ids 0 rows");
        assertThat(Files.readString(dir.resolve("out/ids.csv"))).isEqualTo("id\n7\n8\n");
        try (var files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(path -> path.getFileName().toString())).containsExactly("ids.csv");
        }
    }
}
