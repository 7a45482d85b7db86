package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.files.testing.DroppingProxy;
import dev.pz.connectors.s3.S3TestServer;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import dev.pz.testing.memory.MemoryConnector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The s3 connector end to end through {@code pz}, against a real S3 API server in this JVM: csv to
 * parquet objects and back, calendar windows over dated folders, the plan's reasons, validate
 * --connect with a wrong secret, an xlsx workbook and an avro file read by pz's own readers, an upload cut mid-request that pz's retry policy recovers, and an
 * unreachable server that fails the run and leaves the object as it was.
 */
class S3EndToEndTest {

    @TempDir
    Path temp;

    private S3TestServer server;

    @BeforeEach
    void start() {
        server = S3TestServer.start();
        server.createBucket("lake");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String s3Connection(String name) {
        return name + ":\n  connector: s3\n" + server.connectionYaml("lake/raw").replace("    ", "  ");
    }

    private TestProject roundTrip(Path directory) {
        return TestProject.in(directory).projectYml("s3_round_trip", Catalogue.LOCALFILES, "engine:\n  threads: 2")
                .file("connections.yml", Catalogue.F01_CONNECTIONS + s3Connection("bucket"))
                .file("data/orders.csv", Catalogue.F01_ORDERS)
                .file("pipelines/to_lake.sql", "INSERT INTO {{ sink('bucket', 'orders', strategy: 'replace',"
                        + " format: 'parquet', path: 'curated') }}\nselect id, customer, amount, created"
                        + " from {{ source('files', 'orders') }}\n");
    }

    private List<String> keys(String prefix) {
        try (S3Client client = server.client()) {
            return client.listObjectsV2(request -> request.bucket("lake").prefix(prefix)).contents().stream()
                    .map(S3Object::key).sorted().toList();
        }
    }

    @Test
    void csvGoesUpAsParquetAndComesBackAsCsv() throws Exception {
        TestProject up = roundTrip(temp.resolve("up"));
        CliRun plan = CliRun.pz(up.path(), "plan");
        assertThat(plan.out()).contains("native copy: connector 's3' provides COPY TO s3 parquet");
        CliRun run = CliRun.pz(up.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("ok bucket.orders 12 rows");
        assertThat(keys("raw/curated/")).containsExactly("raw/curated/orders.parquet");
        assertThat(up.path().resolve(".pz/runs")).isDirectory();
        assertThat(RunArtifacts.latestRun(up.path()).resolve("spool")).doesNotExist();

        TestProject down = TestProject.in(temp.resolve("down")).projectYml("s3_down", Catalogue.LOCALFILES)
                .file("connections.yml", s3Connection("bucket") + "\nlake:\n  connector: localfiles\n")
                .file("pipelines/from_lake.sql", "INSERT INTO {{ sink('lake', 'orders', strategy: 'replace',"
                        + " format: 'csv', path: 'out/') }}\nselect * from {{ source('bucket', 'orders',"
                        + " path: 'curated/orders.parquet') }}\n");
        CliRun back = CliRun.pz(down.path(), "run", "--all");
        assertThat(back.exitCode()).as(back.toString()).isZero();
        assertThat(CliRun.pz(down.path(), "plan").out())
                .contains("native scan: connector 's3' provides read_parquet over s3://lake/raw/curated/orders.parquet");
        assertThat(Duck.rows("select id, customer, amount, created from read_csv('" + down.path().resolve("out/orders.csv")
                + "') order by id")).hasSize(12).first().isEqualTo("1|alice|10.25|2026-01-01 08:00:00.0");
    }

    @Test
    void anXlsxWorkbookAndAnAvroFileAreReadFromObjectsByPzsReaders() throws Exception {
        Path samples = Files.createDirectories(temp.resolve("samples"));
        FormatSamples.writeWorkbook(samples.resolve("orders.xlsx"));
        FormatSamples.writeAvro(samples.resolve("orders.avro"));
        try (S3Client client = server.client()) {
            client.putObject(request -> request.bucket("lake").key("raw/sheets/orders.xlsx"),
                    RequestBody.fromFile(samples.resolve("orders.xlsx")));
            client.putObject(request -> request.bucket("lake").key("raw/events/2024/orders.avro"),
                    RequestBody.fromFile(samples.resolve("orders.avro")));
        }
        TestProject project = TestProject.in(temp.resolve("formats")).projectYml("s3_formats", Catalogue.LOCALFILES)
                .file("connections.yml", s3Connection("bucket") + "  entities:\n    orders_xlsx:\n      read:\n"
                        + "        path: sheets/orders.xlsx\n        format: xlsx\n        sheet: Orders\n"
                        + "    orders_avro:\n      read:\n        path: events/**/*.avro\n        format: avro\n"
                        + "\nlake:\n  connector: localfiles\n  root: out\n")
                .file("pipelines/x.sql", FormatSamples.copyOut("orders_xlsx", "{{ source('bucket', 'orders_xlsx') }}"))
                .file("pipelines/a.sql", FormatSamples.copyOut("orders_avro", "{{ source('bucket', 'orders_avro') }}"));

        CliRun plan = CliRun.pz(project.path(), "plan");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("native scan: connector 's3' provides pz's xlsx reader over"
                + " s3://lake/raw/sheets/orders.xlsx", "native scan: connector 's3' provides pz's avro reader over"
                + " s3://lake/raw/events/**/*.avro");
        CliRun validate = CliRun.pz(project.path(), "validate", "--connect");
        assertThat(validate.exitCode()).as(validate.toString()).isZero();
        CliRun run = CliRun.pz(project.path(), "run", "--all");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out() + run.err()).doesNotContain("PZ0311");
        assertThat(project.read("out/orders_xlsx/orders_xlsx.csv")).isEqualTo(FormatSamples.CSV);
        assertThat(project.read("out/orders_avro/orders_avro.csv")).isEqualTo(FormatSamples.CSV);

        project.file("connections.yml", project.read("connections.yml").replace("sheet: Orders", "sheet: Totals"));
        CliRun failed = CliRun.pz(project.path(), "run", "--all");
        assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
        assertThat(failed.out() + failed.err()).contains("s3://lake/raw/sheets/orders.xlsx",
                "sheet 'Totals' not found (sheets: Notes, Orders)");
        assertThat(project.read("out/orders_xlsx/orders_xlsx.csv")).isEqualTo(FormatSamples.CSV);
    }

    @Test
    void aCalendarWindowReadsOneDayPerRunFromDatedFolders() {
        try (S3Client client = server.client()) {
            for (int d = 10; d <= 12; d++) {
                int day = d;
                String csv = "id,ts\n" + day + "1,2026-07-" + day + " 01:00:00\n" + day + "2,2026-07-" + day
                        + " 02:00:00\n";
                client.putObject(request -> request.bucket("lake").key("raw/events/2026/07/" + day + "/part.csv"),
                        RequestBody.fromString(csv));
            }
        }
        TestProject project = TestProject.in(temp.resolve("calendar")).projectYml("s3_calendar", Catalogue.LOCALFILES)
                .file("connections.yml", s3Connection("bucket") + "  entities:\n    events:\n      read:\n"
                        + "        path: events/{yyyy}/{MM}/{dd}/*.csv\n        format: csv\n"
                        + "        columns: {id: bigint, ts: timestamp}\n"
                        + "        sync: {mode: incremental, cursor: ts, max_window: 1d, initial: '2026-07-10'}\n"
                        + "\nlake:\n  connector: localfiles\n")
                .file("pipelines/daily.sql", "INSERT INTO {{ sink('lake', 'events', strategy: 'append', duplicates:"
                        + " 'accept', format: 'csv', path: 'out/') }}\nselect * from {{ source('bucket', 'events') }}\n");
        for (int run = 1; run <= 2; run++) {
            CliRun result = CliRun.pz(project.path(), "run", "--all");
            assertThat(result.exitCode()).as(result.toString()).isZero();
        }
        assertThat(Duck.rows("select id from read_csv('" + project.path().resolve("out") + "/*.csv') order by id"))
                .containsExactly("101", "102", "111", "112");
    }

    @Test
    void forceUniversalAndFilesPerPartitionLandWhatTheNativeScanLands() {
        try (S3Client client = server.client()) {
            for (int d = 10; d <= 12; d++) {
                int day = d;
                client.putObject(request -> request.bucket("lake").key("raw/drops/" + day + "/part.csv"),
                        RequestBody.fromString("id,amount,ts\n" + day + "1,1." + day + ",2026-07-" + day
                                + " 01:00:00\n" + day + "2,,2026-07-" + day + " 02:00:00\n"));
            }
        }
        String connections = s3Connection("bucket") + "  entities:\n    drops:\n      read:\n"
                + "        path: drops/*/part.csv\n        format: csv\n"
                + "        columns: {id: bigint, amount: double, ts: timestamp}\n"
                + "\nlake:\n  connector: localfiles\n";
        String pipeline = "INSERT INTO {{ sink('lake', 'drops', strategy: 'replace', format: 'csv', path: 'out/') }}\n"
                + "select * from {{ source('bucket', 'drops') }} order by id\n";
        List<List<String>> landed = new java.util.ArrayList<>();
        for (String variant : List.of("native", "universal", "split")) {
            TestProject project = TestProject.in(temp.resolve(variant)).projectYml("s3_" + variant,
                    Catalogue.LOCALFILES, variant.equals("universal") ? "engine:\n  force_universal: true" : "")
                    .file("connections.yml", variant.equals("split") ? connections.replace("format: csv\n",
                            "format: csv\n        files_per_partition: 2\n") : connections)
                    .file("pipelines/drops.sql", pipeline);
            CliRun plan = CliRun.pz(project.path(), "plan");
            assertThat(plan.out()).as(variant).contains(variant.equals("native")
                    ? "native scan: connector 's3' provides read_csv" : "arrow stream");
            if (variant.equals("split")) {
                assertThat(plan.out()).contains("s3 reads 2 file(s) per partition (files_per_partition)");
            }
            CliRun run = CliRun.pz(project.path(), "run", "--all");
            assertThat(run.exitCode()).as(run.toString()).isZero();
            landed.add(Duck.rows("select id, amount, ts from read_csv('" + project.path().resolve("out/drops.csv")
                    + "') order by id"));
        }
        assertThat(landed.get(0)).hasSize(6).startsWith("101|1.1|2026-07-10 01:00:00.0", "102|null|2026-07-10 02:00:00.0");
        assertThat(landed).as("native, force_universal, files_per_partition").containsOnly(landed.get(0));
    }

    @Test
    void validateConnectNamesAWrongSecretWithoutPrintingIt() {
        TestProject project = roundTrip(temp.resolve("wrong"));
        String connections = project.read("connections.yml").replace(S3TestServer.SECRET_KEY, "${S3_SECRET}");
        project.file("connections.yml", connections);
        CliRun ok = CliRun.pzWithEnv(java.util.Map.of("S3_SECRET", S3TestServer.SECRET_KEY), project.path(),
                "validate", "--connect");
        assertThat(ok.exitCode()).as(ok.toString()).isZero();
        CliRun refused = CliRun.pzWithEnv(java.util.Map.of("S3_SECRET", "wrong-secret-value-1234"), project.path(),
                "validate", "--connect");
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
        assertThat(refused.err()).contains("error PZ0330: connection 'bucket' (connector 's3') failed its connectivity"
                + " check: permanent: s3 bucket 'lake': the credentials were refused (SignatureDoesNotMatch)")
                .doesNotContain("wrong-secret-value-1234");
        assertThat(project.path().resolve(".pz/runs")).doesNotExist();
    }

    /** The project's s3 connection through {@code proxy}, with two attempts per node. */
    private TestProject throughProxy(Path directory, DroppingProxy proxy) {
        TestProject project = roundTrip(directory);
        return project.file("connections.yml", project.read("connections.yml")
                .replace("127.0.0.1:" + server.port(), "127.0.0.1:" + proxy.port())
                .replace("  connector: s3\n", "  connector: s3\n  retry: {max_attempts: 2, base_delay: 1ms, max_delay: 1ms}\n"));
    }

    @Test
    void anUploadCutMidRequestIsRetriedAndLandsWhole() throws Exception {
        try (DroppingProxy proxy = DroppingProxy.to(server.port())) {
            TestProject project = throughProxy(temp.resolve("cut"), proxy);
            proxy.dropNextConnectionAfter(600);
            CliRun run = CliRun.pz(project.path(), "run", "--all");
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(proxy.drops()).isEqualTo(1);
            assertThat(run.out()).contains("retry: bucket.orders attempt 2/2").contains("ok bucket.orders 12 rows");
            assertThat(keys("raw/curated/")).containsExactly("raw/curated/orders.parquet");
        }
    }

    /**
     * A universal source streamed through its pipeline into the upload's spool file: the cut upload is
     * retried from that finished file, and the source is read once.
     */
    @Test
    void aStreamedChainsCutUploadIsRetriedFromItsFinishedFile() throws Exception {
        String probe = "s3-streamed-" + UUID.randomUUID();
        try (DroppingProxy proxy = DroppingProxy.to(server.port())) {
            TestProject project = throughProxy(temp.resolve("streamed-cut"), proxy);
            project.file("connections.yml", project.read("connections.yml") + "\nmem:\n  connector: memory\n"
                    + "  entities:\n    items:\n      read: {batches: 4, rows: 100, probe: '" + probe + "'}\n")
                    .file("pipelines/to_lake.sql", "INSERT INTO {{ sink('bucket', 'orders', strategy: 'replace',"
                            + " format: 'parquet', path: 'curated') }}\nselect * from {{ source('mem', 'items') }}\n");
            assertThat(CliRun.pz(project.path(), "plan").out()).contains("streamed: receives to_lake as it is computed");
            proxy.dropNextConnectionAfter(600);
            CliRun run = CliRun.pz(project.path(), "run", "--all");
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(proxy.drops()).isEqualTo(1);
            assertThat(run.out()).contains("retry: bucket.orders attempt 2/2").contains("ok bucket.orders 400 rows");
            assertThat(keys("raw/curated/")).containsExactly("raw/curated/orders.parquet");
            assertThat(MemoryConnector.events(probe)).filteredOn(event -> event.startsWith("open")).hasSize(1);
        }
    }

    @Test
    void anUnreachableServerFailsTheRunAndLeavesTheObjectAsItWas() throws Exception {
        assertThat(CliRun.pz(roundTrip(temp.resolve("first")).path(), "run", "--all").exitCode()).isZero();
        byte[] before = object("raw/curated/orders.parquet");
        DroppingProxy proxy = DroppingProxy.to(server.port());
        TestProject project = throughProxy(temp.resolve("unreachable"), proxy);
        project.file("data/orders.csv", Catalogue.F01_ORDERS + "13,dave,1.00,2026-01-07T00:00:00Z\n");
        proxy.close();
        CliRun failed = CliRun.pz(project.path(), "run", "--all");
        assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
        assertThat(failed.out()).contains("retry: bucket.orders attempt 2/2").contains("the connection to the s3 endpoint failed");
        assertThat(object("raw/curated/orders.parquet")).isEqualTo(before);
        assertThat(keys("raw/curated/")).containsExactly("raw/curated/orders.parquet");
    }

    private byte[] object(String key) {
        try (S3Client client = server.client()) {
            return client.getObjectAsBytes(request -> request.bucket("lake").key(key)).asByteArray();
        }
    }
}
