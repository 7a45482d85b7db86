package dev.pz.engine.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzError;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Calendar path templates, partition_by and files_per_partition at compile time (PZ0217–PZ0222). */
class TemplatedPathCompileTest {

    @TempDir
    Path temp;

    private Fixtures project(String readBlock, String sinkKwargs) {
        return Fixtures.in(temp).file("project.yml", "name: t\nversion: 0.1.0\n").file("connections.yml", """
                crm:
                  connector: localfiles
                  entities:
                    orders:
                      read:
                %s
                lake:
                  connector: localfiles
                """.formatted(readBlock.indent(8).stripTrailing()))
                .file("pipelines/stg.sql", "INSERT INTO {{ sink('lake', 'orders'" + sinkKwargs + ") }}\n"
                        + "select * from {{ source('crm', 'orders') }}\n");
    }

    private static List<PzError> errors(Fixtures fixture, PzCode code) {
        return fixture.errors().stream().filter(error -> error.code() == code).toList();
    }

    @Test
    void templatedPathWithoutADateCursorIsPz0217WithTheSyncHint() {
        List<PzError> errors = errors(project("""
                path: e/{yyyy}/{MM}/*.parquet
                format: parquet
                columns: {ts: timestamp}
                """, ""), PzCode.TEMPLATED_PATH_CURSOR_INVALID);
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0).message()).contains("source 'crm.orders'", "date cursor");
        assertThat(errors.get(0).hint()).contains("sync:\n  mode: incremental\n  cursor: <column>");
    }

    @Test
    void templatedPathOnANumericCursorIsPz0217() {
        assertThat(errors(project("""
                path: e/{yyyy}/*.parquet
                format: parquet
                columns: {id: bigint}
                sync: {mode: incremental, cursor: id, max_window: 10, initial: 0}
                """, ""), PzCode.TEMPLATED_PATH_CURSOR_INVALID)).hasSize(1);
    }

    @Test
    void malformedTokensArePz0218() {
        List<PzError> errors = errors(project("""
                path: e/{yyyy}/{dd}/*.parquet
                format: parquet
                columns: {ts: timestamp}
                sync: {mode: incremental, cursor: ts, max_window: 1d, initial: '2026-01-01'}
                """, ""), PzCode.TEMPLATED_PATH_TOKENS_INVALID);
        assertThat(errors).singleElement().satisfies(error -> assertThat(error.message())
                .isEqualTo("source 'crm.orders': path tokens must be contiguous coarse\u2192fine"
                        + " ({yyyy}\u2192{MM}\u2192{dd}\u2192{HH}\u2192{mm}), got [Year, Day]"));
    }

    @Test
    void templatedPathWithoutABoundedWindowIsPz0221() {
        List<PzError> errors = errors(project("""
                path: e/{yyyy}/{MM}/{dd}/*.parquet
                format: parquet
                columns: {ts: timestamp}
                sync: {mode: incremental, cursor: ts}
                """, ""), PzCode.TEMPLATED_PATH_WINDOW_REQUIRED);
        assertThat(errors).singleElement().satisfies(error -> {
            assertThat(error.message()).contains("bounded window");
            assertThat(error.hint()).contains("sync:\n  mode: incremental\n  cursor: <column>\n  max_window:");
        });
    }

    @Test
    void templatedPathWithADateCursorAndABoundedWindowCompiles() {
        CompiledDag dag = project("""
                path: e/{yyyy}/{MM}/{dd}/*.parquet
                format: parquet
                columns: {ts: timestamp}
                sync: {mode: incremental, cursor: ts, max_window: 1d, initial: '2020-01-01'}
                """, ", strategy: 'append', duplicates: 'accept'").compile();
        assertThat(dag.byName("src_crm__orders")).isPresent();
    }

    @Test
    void filesPerPartitionMustBeAPositiveInteger() {
        for (String value : List.of("0", "-1", "abc")) {
            List<PzError> errors = errors(project("""
                    path: orders/*.parquet
                    format: parquet
                    files_per_partition: %s
                    """.formatted(value), ""), PzCode.FILES_PER_PARTITION_INVALID);
            assertThat(errors).as(value).singleElement()
                    .satisfies(error -> assertThat(error.message()).contains("crm.orders", value));
        }
    }

    @Test
    void partitionByWithATemplatedOutputPathCompiles() {
        CompiledDag dag = project("path: orders.csv\nformat: csv\n",
                ", strategy: 'replace', format: 'parquet', path: 'e/{yyyy}/{MM}/{dd}/', partition_by: 'ts'").compile();
        assertThat(dag.byName("lake.orders")).isPresent();
    }

    @Test
    void aTemplatedOutputPathWithoutPartitionByIsPz0219() {
        assertThat(errors(project("path: orders.csv\nformat: csv\n",
                ", strategy: 'replace', format: 'parquet', path: 'e/{yyyy}/{MM}/{dd}/'"),
                PzCode.PARTITIONED_OUTPUT_CONFIG_INVALID)).singleElement()
                .satisfies(error -> assertThat(error.message()).contains("lake.orders", "partition_by"));
    }

    @Test
    void twoPartitionColumnsWithATemplatedPathArePz0219() {
        assertThat(errors(project("path: orders.csv\nformat: csv\n",
                ", strategy: 'replace', path: 'e/{yyyy}/', partition_by: ['a', 'b']"),
                PzCode.PARTITIONED_OUTPUT_CONFIG_INVALID)).singleElement()
                .satisfies(error -> assertThat(error.message()).contains("2 columns"));
    }

    @Test
    void malformedOutputTokensArePz0218AndTheKeyTokenIsNotCalendarSyntax() {
        assertThat(errors(project("path: orders.csv\nformat: csv\n",
                ", strategy: 'replace', path: 'e/{yyyy}/{dd}/', partition_by: 'ts'"),
                PzCode.TEMPLATED_PATH_TOKENS_INVALID)).hasSize(1);
        assertThat(project("path: orders.csv\nformat: csv\n", ", strategy: 'replace', path: '/comments/{key}'")
                .compile().byName("lake.orders")).isPresent();
    }

    @Test
    void anEmptyPartitionByListIsPz0219() {
        assertThat(errors(project("path: orders.csv\nformat: csv\n", ", strategy: 'replace', partition_by: []"),
                PzCode.PARTITIONED_OUTPUT_CONFIG_INVALID)).singleElement()
                .satisfies(error -> assertThat(error.message()).contains("empty list"));
    }
}
