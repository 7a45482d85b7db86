package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import dev.pz.connectors.azureblob.AzuriteTestServer;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The azureblob connector end to end through {@code pz}, against Azurite: csv to day-partitioned
 * parquet blobs (a universal fan-out) and back through a calendar window, the plan's reasons, and
 * validate --connect with a wrong account key.
 */
class AzureBlobEndToEndTest {

    private static AzuriteTestServer server;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() {
        server = AzuriteTestServer.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static String azureConnection(String name) {
        return name + ":\n  connector: azureblob\n" + server.connectionYaml();
    }

    private List<String> blobs(String container) {
        BlobContainerClient client = server.client().getBlobContainerClient(container);
        return client.listBlobs().stream().map(BlobItem::getName).sorted().toList();
    }

    @Test
    void csvFansOutIntoDayFoldersAndAWindowReadsThemBack() {
        server.createContainer("fanout");
        TestProject up = TestProject.in(temp.resolve("up")).projectYml("azure_up", Catalogue.LOCALFILES)
                .file("connections.yml", Catalogue.F01_CONNECTIONS + azureConnection("blob"))
                .file("data/orders.csv", Catalogue.F01_ORDERS)
                .file("pipelines/daily.sql", "INSERT INTO {{ sink('blob', 'orders', strategy: 'replace', container:"
                        + " 'fanout', path: 'orders/{yyyy}/{MM}/{dd}', format: 'parquet', partition_by: 'created') }}\n"
                        + "select * from {{ source('files', 'orders') }}\n");
        CliRun plan = CliRun.pz(up.path(), "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("arrow stream: connector 'azureblob' has no native path");
        CliRun run = CliRun.pz(up.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(blobs("fanout")).containsExactly("orders/2026/01/01/orders.parquet",
                "orders/2026/01/02/orders.parquet", "orders/2026/01/03/orders.parquet",
                "orders/2026/01/04/orders.parquet", "orders/2026/01/05/orders.parquet",
                "orders/2026/01/06/orders.parquet");

        TestProject down = TestProject.in(temp.resolve("down")).projectYml("azure_down", Catalogue.LOCALFILES)
                .file("connections.yml", azureConnection("blob") + "  entities:\n    orders:\n      read:\n"
                        + "        container: fanout\n        path: orders/{yyyy}/{MM}/{dd}/*.parquet\n"
                        + "        columns: {id: bigint, customer: varchar, amount: double, created: timestamp}\n"
                        + "        sync: {mode: incremental, cursor: created, max_window: 2d, initial: '2026-01-02'}\n"
                        + "\nlake:\n  connector: localfiles\n")
                .file("pipelines/back.sql", "INSERT INTO {{ sink('lake', 'orders', strategy: 'append', duplicates:"
                        + " 'accept', format: 'csv', path: 'out/') }}\nselect * from {{ source('blob', 'orders') }}\n");
        CliRun back = CliRun.pz(down.path(), "run", "--all");
        assertThat(back.exitCode()).as(back.toString()).isZero();
        assertThat(CliRun.pz(down.path(), "plan").out()).contains(
                "native scan: connector 'azureblob' provides read_parquet over az://fanout/orders/{yyyy}/{MM}/{dd}/*.parquet");
        // (2026-01-02, 2026-01-04]: the 2nd's rows are at 08:00 and 09:00, after the exclusive lower bound.
        assertThat(Duck.rows("select id from read_csv('" + down.path().resolve("out") + "/*.csv') order by id"))
                .containsExactly("3", "4", "5", "6");
    }

    @Test
    void anXlsxWorkbookAndAnAvroFileAreReadFromBlobsByPzsReaders() throws Exception {
        server.createContainer("formats");
        Path samples = Files.createDirectories(temp.resolve("samples"));
        FormatSamples.writeWorkbook(samples.resolve("orders.xlsx"));
        FormatSamples.writeAvro(samples.resolve("orders.avro"));
        BlobContainerClient container = server.client().getBlobContainerClient("formats");
        container.getBlobClient("sheets/orders.xlsx").uploadFromFile(samples.resolve("orders.xlsx").toString());
        container.getBlobClient("events/orders.avro").uploadFromFile(samples.resolve("orders.avro").toString());
        TestProject project = TestProject.in(temp.resolve("formats")).projectYml("azure_formats", Catalogue.LOCALFILES)
                .file("connections.yml", azureConnection("blob") + "  entities:\n    orders_xlsx:\n      read:\n"
                        + "        container: formats\n        path: sheets/orders.xlsx\n        format: xlsx\n"
                        + "        sheet: Orders\n    orders_avro:\n      read:\n        container: formats\n"
                        + "        path: events/orders.avro\n        format: avro\n\nlake:\n  connector: localfiles\n"
                        + "  root: out\n")
                .file("pipelines/x.sql", FormatSamples.copyOut("orders_xlsx", "{{ source('blob', 'orders_xlsx') }}"))
                .file("pipelines/a.sql", FormatSamples.copyOut("orders_avro", "{{ source('blob', 'orders_avro') }}"));

        CliRun plan = CliRun.pz(project.path(), "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("native scan: connector 'azureblob' provides pz's xlsx reader over"
                + " az://formats/sheets/orders.xlsx", "native scan: connector 'azureblob' provides pz's avro reader"
                + " over az://formats/events/orders.avro");
        CliRun validate = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(validate.exitCode()).as(validate.toString()).isZero();
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(project.read("out/orders_xlsx/orders_xlsx.csv")).isEqualTo(FormatSamples.CSV);
        assertThat(project.read("out/orders_avro/orders_avro.csv")).isEqualTo(FormatSamples.CSV);

        byte[] avro = Files.readAllBytes(samples.resolve("orders.avro"));
        container.getBlobClient("events/orders.avro").upload(BinaryData.fromBytes(
                java.util.Arrays.copyOf(avro, avro.length - 10)), true);
        CliRun failed = CliRun.pz(project.path(), "run", "--all");
        assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
        assertThat(failed.out() + failed.err()).contains("avro file 'az://formats/events/orders.avro' is truncated");
        assertThat(project.read("out/orders_avro/orders_avro.csv")).isEqualTo(FormatSamples.CSV);
    }

    @Test
    void csvGoesUpAsOneBlobWithTheNativeCopy() {
        server.createContainer("single");
        server.client().getBlobContainerClient("single").getBlobClient("keep/readme.txt")
                .upload(BinaryData.fromString("unrelated"));
        TestProject project = TestProject.in(temp.resolve("single")).projectYml("azure_single", Catalogue.LOCALFILES)
                .file("connections.yml", Catalogue.F01_CONNECTIONS + azureConnection("blob"))
                .file("data/orders.csv", Catalogue.F01_ORDERS)
                .file("pipelines/to_blob.sql", "INSERT INTO {{ sink('blob', 'orders', strategy: 'replace', container:"
                        + " 'single', path: 'curated', format: 'csv') }}\nselect * from {{ source('files', 'orders') }}\n");
        assertThat(CliRun.pz(project.path(), "plan").out())
                .contains("native copy: connector 'azureblob' provides COPY TO azure csv");
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(blobs("single")).containsExactly("curated/orders.csv", "keep/readme.txt");
    }

    @Test
    void validateConnectNamesAWrongKeyWithoutPrintingIt() {
        TestProject project = TestProject.in(temp.resolve("wrong")).projectYml("azure_wrong", Catalogue.LOCALFILES)
                .file("connections.yml", Catalogue.F01_CONNECTIONS + azureConnection("blob").replace(
                        AzuriteTestServer.KEY, "d3JvbmcgYWNjb3VudCBrZXkgdmFsdWU="))
                .file("data/orders.csv", Catalogue.F01_ORDERS)
                .file("pipelines/to_blob.sql", "INSERT INTO {{ sink('blob', 'orders', strategy: 'replace', container:"
                        + " 'x', format: 'csv') }}\nselect * from {{ source('files', 'orders') }}\n");
        CliRun refused = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
        assertThat(refused.err()).contains("error PZ0330: connection 'blob' (connector 'azureblob') failed its"
                + " connectivity check: permanent: azure account: the credentials were refused")
                .doesNotContain("d3JvbmcgYWNjb3VudCBrZXkgdmFsdWU=");
    }
}
