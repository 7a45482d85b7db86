package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.BatchOptions;
import dev.pz.connectors.formats.XlsxFiles;
import dev.pz.connectors.formats.XlsxReadOptions;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * xlsx and avro through {@code pz plan}/{@code pz run}: pz reads and writes them itself, offline,
 * with the rows DuckDB reads from the same data as csv; bad files stop the command before a run.
 */
class PzFormatsRunTest {

    @TempDir
    Path temp;

    private TestProject project(String pipelines) throws Exception {
        TestProject project = TestProject.in(temp)
                .projectYml("formats", Catalogue.LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", """
                        files:
                          connector: localfiles
                          entities:
                            orders_xlsx:
                              read:
                                path: data/orders.xlsx
                                format: xlsx
                                sheet: Orders
                            orders_avro:
                              read:
                                path: data/orders.avro
                                format: avro
                            orders_csv:
                              read:
                                path: data/orders.csv
                                columns:
                                  id: bigint
                                  customer: varchar
                                  amount: double
                                  day: date
                        lake:
                          connector: localfiles
                          root: out
                        """)
                .file("pipelines/p.sql", pipelines)
                .file("data/orders.csv", FormatSamples.CSV);
        Files.createDirectories(project.resolve("data"));
        FormatSamples.writeWorkbook(project.resolve("data/orders.xlsx"));
        FormatSamples.writeAvro(project.resolve("data/orders.avro"));
        return project;
    }

    private static String copyOut(String entity) {
        return FormatSamples.copyOut(entity, "{{ source('files', '" + entity + "') }}");
    }

    @Test
    void xlsxAndAvroRunOfflineWithTheRowsDuckDbReadsFromCsv() throws Exception {
        TestProject project = project("");
        project.file("pipelines/p.sql", copyOut("orders_xlsx"))
                .file("pipelines/stg_avro.sql", "select * from {{ source('files', 'orders_avro') }}\n")
                .file("pipelines/q.sql", FormatSamples.copyOut("orders_avro", "{{ ref('stg_avro') }}"))
                .file("pipelines/r.sql", copyOut("orders_csv"))
                .file("pipelines/s.sql", "INSERT INTO {{ sink('lake', 'report', format: 'xlsx', sheet: 'Report',"
                        + " strategy: 'replace') }}\nselect * from {{ ref('stg_avro') }} order by id\n");

        CliRun plan = CliRun.pz(project.path(), "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("arrow stream: localfiles reads xlsx itself (DuckDB's excel extension is not"
                + " built in; no download is attempted) (read=full)", "arrow stream: localfiles reads avro itself",
                "arrow stream: localfiles writes xlsx itself");

        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out() + run.err()).doesNotContain("PZ0311");
        String expected = project.read("out/orders_csv/orders_csv.csv");
        assertThat(expected).isEqualTo(FormatSamples.CSV);
        assertThat(project.read("out/orders_xlsx/orders_xlsx.csv")).isEqualTo(expected);
        assertThat(project.read("out/orders_avro/orders_avro.csv")).isEqualTo(expected);

        Path report = project.resolve("out/report/report.xlsx");
        try (RootAllocator allocator = new RootAllocator();
                ArrowReader reader = XlsxFiles.open(report, "report.xlsx", new XlsxReadOptions("Report", true), null,
                        allocator, BatchOptions.defaults())) {
            assertThat(reader.getVectorSchemaRoot().getSchema().getFields()).extracting(f -> f.getName())
                    .containsExactly("id", "customer", "amount", "day");
            int rows = 0;
            while (reader.loadNextBatch()) {
                rows += reader.getVectorSchemaRoot().getRowCount();
            }
            assertThat(rows).isEqualTo(3);
        }
    }

    @Test
    void badFilesStopPlanAndRunBeforeAnythingRuns() throws Exception {
        TestProject project = project(copyOut("orders_xlsx"));
        project.file("connections.yml", project.read("connections.yml").replace("sheet: Orders", "sheet: Order"));
        assertRefused(project, "PZ0362", "dataset 'orders_xlsx': xlsx file 'data/orders.xlsx': sheet 'Order' not found"
                + " (sheets: Notes, Orders)");

        project.file("connections.yml", project.read("connections.yml").replace("sheet: Order\n", "sheet: Orders\n"));
        Files.write(project.resolve("data/orders.xlsx"), "not,a,workbook\n".getBytes());
        assertRefused(project, "PZ0353", "dataset 'orders_xlsx': xlsx file 'data/orders.xlsx' is not a readable workbook");

        project.file("pipelines/p.sql", copyOut("orders_avro"));
        byte[] avro = Files.readAllBytes(project.resolve("data/orders.avro"));
        Files.write(project.resolve("data/orders.avro"), java.util.Arrays.copyOf(avro, avro.length - 10));
        assertRefused(project, "PZ0353", "dataset 'orders_avro': avro file 'data/orders.avro' is truncated");

        CliRun validate = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(2);
        assertThat(validate.err()).contains("avro file 'data/orders.avro' is truncated");
    }

    private static void assertRefused(TestProject project, String code, String message) {
        for (String verb : new String[] {"plan", "run"}) {
            CliRun result = verb.equals("run") ? CliRun.pz(project.path(), "run", "--all")
                    : CliRun.pz(project.path(), "plan");
            assertThat(result.exitCode()).as(result.toString()).isEqualTo(2);
            assertThat(result.err()).as(verb).contains("error " + code + ": " + message);
        }
        assertThat(project.resolve(".pz/runs")).satisfiesAnyOf(
                runs -> assertThat(runs).doesNotExist(), runs -> assertThat(runs).isEmptyDirectory());
    }
}
