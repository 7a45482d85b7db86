package dev.pz.cli.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.cli.CliRun;
import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code pz compile} says about calendar path templates on a source's read path, about
 * {@code partition_by} beside a sink's output path, and about {@code files_per_partition}, as the
 * reference's DagCompilerTemplatingTests pin it.
 */
class TemplatedPathFidelityTest {

    @TempDir
    Path temp;

    private int projects;

    /** crm.orders read with {@code readBlock} (indented under {@code read:}), one pipeline reading it. */
    private TestProject source(String readBlock) {
        return TestProject.in(temp.resolve("p" + projects++)).projectYml("t")
                .file("connections.yml", "crm:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                        + readBlock.indent(8) + "lake:\n  connector: localfiles\n")
                .file("pipelines/stg.sql", "select * from {{ source('crm', 'orders') }}\n");
    }

    /** Pipeline stg writes lake.orders as parquet at {@code path}, partitioned by {@code partitionBy} if given. */
    private TestProject output(String path, String partitionBy) {
        String partition = partitionBy == null ? "" : ", partition_by: '" + partitionBy + "'";
        return TestProject.in(temp.resolve("p" + projects++)).projectYml("t")
                .file("connections.yml", "crm:\n  connector: localfiles\n  entities:\n    orders:\n      read:\n"
                        + "        path: orders.csv\n        format: csv\nlake:\n  connector: localfiles\n")
                .file("pipelines/stg.sql", "INSERT INTO {{ sink('lake', 'orders', strategy: 'replace', format: "
                        + "'parquet', path: '" + path + "'" + partition + ") }}\n"
                        + "select * from {{ source('crm', 'orders') }}\n");
    }

    /** Every error line of {@code pz compile}; empty when it compiles. */
    private static List<String> errors(TestProject project) {
        CliRun run = CliRun.pz(project.path(), "compile");
        if (run.exitCode() == 0) {
            return List.of();
        }
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
        return LoaderFidelityTest.errors(run).stream().filter(e -> e.startsWith("error ")).toList();
    }

    private static List<String> withCode(List<String> errors, String code) {
        return errors.stream().filter(e -> e.startsWith("error " + code + ": ")).toList();
    }

    private static void compiles(TestProject project) {
        CliRun run = CliRun.pz(project.path(), "compile");
        assertThat(run.exitCode()).as(run.toString()).isZero();
    }

    private static final String TEMPLATED = "format: parquet\ncolumns: {ts: timestamp}\n";

    // DT1
    @Test
    void aTemplatedReadPathNeedsADateCursor() {
        List<String> errors = withCode(errors(source("path: e/{yyyy}/{MM}/*.parquet\n" + TEMPLATED)), "PZ0217");
        assertThat(errors).singleElement().satisfies(error -> {
            assertThat(error).contains("date cursor", "sync:\n  mode: incremental\n  cursor: <column>");
            assertThat(error).doesNotContain("incremental:\n");
        });
    }

    // DT2
    @Test
    void readPathTokensMustRunCoarseToFineWithoutGaps() {
        assertThat(withCode(errors(source("path: e/{yyyy}/{dd}/*.parquet\n" + TEMPLATED
                + "sync: {mode: incremental, cursor: ts}\n")), "PZ0218")).hasSize(1);
    }

    // DT3
    @Test
    void aTemplatedReadPathNeedsABoundedWindow() {
        List<String> errors = withCode(errors(source("path: e/{yyyy}/{MM}/{dd}/*.parquet\n" + TEMPLATED
                + "sync: {mode: incremental, cursor: ts}\n")), "PZ0221");
        assertThat(errors).singleElement().satisfies(error -> {
            assertThat(error).contains("bounded window", "sync:\n  mode: incremental\n  cursor: <column>\n  max_window:");
            assertThat(error).doesNotContain("incremental:\n");
        });
    }

    // DT4
    @Test
    void aTemplatedReadPathWithADateCursorAndABoundedWindowCompiles() {
        compiles(source("path: e/{yyyy}/{MM}/{dd}/*.parquet\n" + TEMPLATED
                + "sync: {mode: incremental, cursor: ts, max_window: 1d, initial: '2020-01-01'}\n"));
    }

    // DT5
    @Test
    void partitionByAndCalendarTokensInAnOutputPathGoTogether() {
        assertThat(withCode(errors(output("e/{yyyy}/{MM}/{dd}/*.parquet", null)), "PZ0219"))
                .singleElement().satisfies(error -> assertThat(error).contains("partition_by"));
        assertThat(withCode(errors(output("e/{yyyy}/{dd}/*.parquet", "ts")), "PZ0218")).hasSize(1);
        assertThat(errors(output("e/{yyyy}/{MM}/{dd}/*.parquet", "ts")))
                .noneMatch(e -> e.startsWith("error PZ0218") || e.startsWith("error PZ0219"));
        assertThat(errors(output("/anything/comments/{key}", null)))
                .noneMatch(e -> e.startsWith("error PZ0218") || e.startsWith("error PZ0219"));
    }

    // DT5 (deliberate difference): partition_by without calendar tokens asks the destination to partition
    // itself, so it is the planner's refusal (PZ0314, naming the missing capability), not the compiler's.
    @Test
    void partitionByWithoutCalendarTokensIsRefusedByThePlannerForADestinationThatCannotPartition() {
        TestProject project = output("e/orders/*.parquet", "ts");
        compiles(project);
        CliRun plan = CliRun.pz(project.path(), "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(2);
        assertThat(LoaderFidelityTest.errors(plan)).anySatisfy(error -> assertThat(error)
                .startsWith("error PZ0314: ").contains("partition_by", "ColumnPartitionedWrites"));
        assertThat(project.resolve(".pz/runs")).doesNotExist();
    }

    // DT6
    @Test
    void filesPerPartitionIsAPositiveInteger() {
        String plain = "path: orders/*.parquet\nformat: parquet\ncolumns: {id: int}\n";
        for (String value : List.of("0", "-1", "abc")) {
            assertThat(withCode(errors(source(plain + "files_per_partition: " + value + "\n")), "PZ0222"))
                    .as(value).singleElement().satisfies(error -> assertThat(error).contains("crm.orders"));
        }
        compiles(source(plain + "files_per_partition: 50\n"));
        compiles(source(plain));
    }
}
