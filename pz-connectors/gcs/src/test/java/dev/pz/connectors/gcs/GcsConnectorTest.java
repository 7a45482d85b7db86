package dev.pz.connectors.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.cloud.storage.Blob;
import com.google.cloud.storage.BlobInfo;
import com.google.cloud.storage.Storage;
import com.google.cloud.storage.contrib.nio.testing.LocalStorageHelper;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteSession;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.testing.RemoteRows;
import dev.pz.connectors.files.testing.SpoolDriver;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gcs keys, globs, formats and object names against the library's in-memory Storage stand-in. */
class GcsConnectorTest {

    @TempDir
    Path project;

    private Storage storage;
    private GcsConnector connector;

    @BeforeEach
    void newStorage() {
        storage = LocalStorageHelper.customOptions(false).getService();
        connector = new GcsConnector(settings -> storage);
    }

    @Test
    void aGlobUnderRootsPrefixReadsMatchingObjectsInKeyOrder() {
        put("lake", "raw/2026/02/orders.csv", "id,amount\n2,4.0\n");
        put("lake", "raw/2026/01/orders.csv", "id,amount\n1,2.5\n");
        put("lake", "raw/2026/01/orders.txt", "id,amount\n9,9.9\n");
        put("lake", "other/2026/01/orders.csv", "id,amount\n8,8.8\n");
        DatasetSpec spec = DatasetSpec.of("gcs", "orders", Map.of("path", "**/orders.csv", "format", "csv"), null);
        try (Source source = connector.openSource(config("lake/raw")).orElseThrow()) {
            assertThat(RemoteRows.read(source, spec)).containsExactly("1|2.5", "2|4.0");
            assertThat(source.schema(spec).getFields()).extracting(field -> field.getType().toString())
                    .as("DuckDB's sniffer types a csv without a contract").containsExactly("Int(64, true)",
                            "FloatingPoint(DOUBLE)");
        }
    }

    @Test
    void aCalendarWindowListsOnlyItsCoverAndBothTiersLandTheSameRows() {
        put("lake", "raw/2026/07/09/events.csv", "not,the,same\nheader,at,all\n");
        put("lake", "raw/2026/07/10/events.csv", "id,at\n1,2026-07-10 06:00:00\n");
        put("lake", "raw/2026/07/11/events.csv", "id,at\n2,2026-07-11 06:00:00\n3,2026-07-11 23:00:00\n");
        put("lake", "raw/2026/07/12/events.csv", "id,at\n4,2026-07-12 06:00:00\n");
        DatasetSpec spec = new DatasetSpec("gcs", "events", Map.of("path", "{yyyy}/{MM}/{dd}/events.csv", "format",
                "csv"), RemoteRows.contract("id", "bigint", "at", "timestamp"),
                new DatasetSpec.Watermark("at", "2026-07-10T00:00:00", false, "2026-07-11T12:00:00"));
        try (Source source = connector.openSource(config("lake/raw")).orElseThrow();
                DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection duck = session.connect()) {
            NativeScan scan = source.nativeScan(spec).orElseThrow();
            assertThat(scan.sqlFragment()).as("the cover lists one day folder per day of the window")
                    .contains("['gs://lake/raw/2026/07/10/events.csv', 'gs://lake/raw/2026/07/11/events.csv']");
            List<String> universal = RemoteRows.read(source, spec);
            assertThat(universal).containsExactly("1|2026-07-10T06:00", "2|2026-07-11T06:00");
            assertThat(new SpoolDriver(duck, project.resolve("spool")).read(scan))
                    .containsExactly("1|2026-07-10 06:00:00.0", "2|2026-07-11 06:00:00.0");
            DatasetSpec split = new DatasetSpec("gcs", "events", Map.of("path", "{yyyy}/{MM}/{dd}/events.csv",
                    "format", "csv", "files_per_partition", 1L), spec.columns(), spec.watermark());
            assertThat(source.nativeScan(split)).isEmpty();
            assertThat(source.planRead(split, ReadHints.none())).hasSize(2);
        }
    }

    @Test
    void partitionByFansOutOneObjectPerDay() {
        ConnectorConfig config = config("lake/curated");
        OutputSpec spec = new OutputSpec("gcs", "events", WriteStrategy.APPEND, SchemaPolicy.FAIL_ON_CHANGE,
                Map.of("path", "days/{yyyy}/{MM}/{dd}", "format", "parquet", "partition_by", "day"), List.of(),
                new OutputSpec.WriteAttempt("run", "gcs.events", 1));
        try (Sink sink = connector.openSink(config).orElseThrow();
                DuckSession session = DuckSession.openInMemory(DuckSettings.defaults());
                DuckConnection duck = session.connect();
                BufferAllocator allocator = new RootAllocator()) {
            assertThat(sink.nativeCopy(spec)).as("a fan-out runs on the universal tier").isEmpty();
            long rows = new SpoolDriver(duck, project.resolve("spool")).writeUniversally(
                    schema -> sink.beginWrite(spec, schema), "select * from (values (1, date '2026-07-10'),"
                            + " (2, date '2026-07-11'), (3, date '2026-07-11')) t(id, day)", allocator);
            assertThat(rows).isEqualTo(3);
        }
        assertThat(keys("lake", "curated/days/")).hasSize(2)
                .anyMatch(key -> key.matches("curated/days/2026/07/10/events-[0-9a-f]{32}\\.parquet"))
                .anyMatch(key -> key.matches("curated/days/2026/07/11/events-[0-9a-f]{32}\\.parquet"));
        try (Source source = connector.openSource(config).orElseThrow()) {
            assertThat(RemoteRows.read(source, DatasetSpec.of("gcs", "events", Map.of("path", "days/**/*.parquet"),
                    null))).as("DuckDB dates as Arrow day numbers").containsExactly("1|20644", "2|20645", "3|20645");
        }
    }

    @Test
    void aBucketOptionOverridesRootsBucketAndDropsItsPrefix() {
        put("archive", "orders.json", "{\"id\":7,\"name\":\"x\"}\n");
        DatasetSpec spec = DatasetSpec.of("gcs", "orders", Map.of("bucket", "archive", "format", "json"),
                RemoteRows.contract("id", "int", "name", "varchar"));
        try (Source source = connector.openSource(config("lake/raw")).orElseThrow()) {
            assertThat(RemoteRows.read(source, spec)).containsExactly("7|x");
        }
    }

    @Test
    void replaceKeepsOneObjectAndAppendAddsOnePerRunOnBothTiers() throws IOException {
        ConnectorConfig config = config("lake/curated");
        writeUniversal(output("daily", WriteStrategy.REPLACE, "parquet"), 3, config);
        writeUniversal(output("daily", WriteStrategy.REPLACE, "parquet"), 2, config);
        assertThat(keys("lake", "curated/")).containsExactly("curated/out/daily.parquet");
        try (Source source = connector.openSource(config).orElseThrow()) {
            assertThat(RemoteRows.read(source, DatasetSpec.of("gcs", "daily", Map.of("path", "out/daily.parquet"),
                    null))).containsExactly("1|n1", "2|null");
        }
        try (Sink sink = connector.openSink(config).orElseThrow()) {
            for (int run = 0; run < 2; run++) {
                NativeCopy copy = sink.nativeCopy(output("events", WriteStrategy.APPEND, "csv")).orElseThrow();
                assertThat(copy.mechanism()).isEqualTo("COPY TO gcs csv");
                assertThat(copy.copyOptions()).isEqualTo("format csv, header");
                Path finished = Files.writeString(project.resolve("finished-" + run), "id\n" + run + "\n");
                copy.publisher().publish(finished);
            }
        }
        assertThat(keys("lake", "curated/out/events")).hasSize(2)
                .allMatch(key -> key.matches("curated/out/events-[0-9a-f]{32}\\.csv"));
    }

    @Test
    void aDotDotSegmentAndAMissingBucketAreRefused() {
        try (Sink sink = connector.openSink(config("lake")).orElseThrow()) {
            assertThatThrownBy(() -> sink.nativeCopy(output("x", WriteStrategy.REPLACE, "csv", "a/../../b")))
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code())
                            .contains(PzCode.PATH_ESCAPES_ROOT));
        }
        ConnectorConfig noRoot = new ConnectorConfig("gcs", Map.of("auth", "adc"));
        try (Source source = connector.openSource(noRoot).orElseThrow()) {
            assertThatThrownBy(() -> source.schema(DatasetSpec.of("gcs", "orders", Map.of(), null)))
                    .hasMessage("dataset 'orders': gcs needs a 'root' on the connection or a 'bucket' option");
        }
    }

    @Test
    void aMissingObjectAndAnEmptyGlobNameWhatTheyLookedFor() {
        try (Source source = connector.openSource(config("lake/raw")).orElseThrow()) {
            assertThatThrownBy(() -> source.schema(DatasetSpec.of("gcs", "orders", Map.of(), null)))
                    .hasMessage("dataset 'orders': gcs object 'gs://lake/raw/orders.parquet' not found");
            assertThatThrownBy(() -> source.schema(DatasetSpec.of("gcs", "o", Map.of("path", "x/*.csv"), null)))
                    .hasMessage("dataset 'o': no gcs object matches 'gs://lake/raw/x/*.csv'");
        }
    }

    @Test
    void authRulesAreCheckedOffline() throws IOException {
        assertThat(connector.validate(new ConnectorConfig("g", Map.of("auth", "hmac"))))
                .containsExactly("gcs 'hmac' auth requires 'key_id'", "gcs 'hmac' auth requires 'secret'");
        assertThat(connector.validate(new ConnectorConfig("g", Map.of("auth", "service_account"))))
                .containsExactly("gcs 'service_account' auth requires 'key_file' or 'key_json'");
        assertThat(connector.validate(new ConnectorConfig("g", Map.of("auth", "service_account", "key_file", "k",
                "key_json", "{}")))).containsExactly("gcs 'service_account' auth takes 'key_file' or 'key_json',"
                        + " not both");
        assertThat(connector.validate(new ConnectorConfig("g", Map.of("auth", "adc", "key_id", "a", "url_style",
                "path")))).containsExactly("gcs 'key_id' applies to 'hmac' auth only, and this connection uses 'adc'",
                        "gcs 'url_style' applies to 'hmac' auth only, and this connection uses 'adc'");
        assertThat(connector.connectionOptions().check(Map.of("auth", "kerberos"), java.util.Set.of()))
                .extracting(OptionProblem::option).containsExactly("auth");
        assertThat(connector.validateRead(DatasetSpec.of("g", "x", Map.of("format", "json", "delimiter", ";"), null)))
                .extracting(OptionProblem::code).containsExactly(PzCode.FILE_FORMAT_OPTION_INVALID);
        assertThat(connector.writeOptions().check(Map.of("path", "x"), java.util.Set.of()))
                .extracting(OptionProblem::option).as("a write names its format").containsExactly("format");
    }

    @Test
    void aServiceAccountKeyIsLoadedOfflineAndABrokenOneIsNamedWithoutItsContent() throws IOException {
        String key = ServiceAccountKeys.json("http://127.0.0.1:9/token");
        Files.writeString(project.resolve("sa.json"), key);
        assertThat(connector.validate(new ConnectorConfig("g", Map.of("auth", "service_account", "key_file", "sa.json",
                ConnectorConfig.BASE_DIR, project.toString())))).isEmpty();
        assertThat(connector.validate(new ConnectorConfig("g", Map.of("auth", "service_account", "key_json", key))))
                .isEmpty();

        Files.writeString(project.resolve("broken.json"), "{\"private_key\": \"TOP-SECRET-MATERIAL\"");
        List<String> broken = connector.validate(new ConnectorConfig("g", Map.of("auth", "service_account",
                "key_file", "broken.json", ConnectorConfig.BASE_DIR, project.toString())));
        assertThat(broken).singleElement().asString().startsWith("gcs 'key_file' could not be loaded from '"
                + project.resolve("broken.json") + "': ").doesNotContain("TOP-SECRET");
        List<String> inline = connector.validate(new ConnectorConfig("g", Map.of("auth", "service_account",
                "key_json", "{\"type\": \"service_account\", \"private_key\": \"TOP-SECRET-MATERIAL\"}")));
        assertThat(inline).singleElement().asString().startsWith("gcs 'key_json' is not a valid service-account key: ")
                .doesNotContain("TOP-SECRET");
        assertThat(connector.validate(new ConnectorConfig("g", Map.of("auth", "service_account", "key_file", "nope.json",
                ConnectorConfig.BASE_DIR, project.toString())))).singleElement().asString().endsWith(": no such file");
    }

    private ConnectorConfig config(String root) {
        return new ConnectorConfig("gcs", Map.of("auth", "adc", "root", root, ConnectorConfig.BASE_DIR,
                project.toString()));
    }

    private void put(String bucket, String key, String text) {
        storage.create(BlobInfo.newBuilder(bucket, key).build(), text.getBytes(StandardCharsets.UTF_8));
    }

    private List<String> keys(String bucket, String prefix) {
        return StreamSupport.stream(storage.list(bucket, Storage.BlobListOption.prefix(prefix)).iterateAll()
                .spliterator(), false).map(Blob::getName).sorted().toList();
    }

    private void writeUniversal(OutputSpec spec, int rows, ConnectorConfig config) {
        try (Sink sink = connector.openSink(config).orElseThrow();
                BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot batch = RemoteRows.batch(allocator, rows);
                WriteSession session = sink.beginWrite(spec, batch.getSchema())) {
            session.write(batch);
            session.commit();
        }
    }

    private static OutputSpec output(String entity, WriteStrategy strategy, String format) {
        return output(entity, strategy, format, "out");
    }

    private static OutputSpec output(String entity, WriteStrategy strategy, String format, String path) {
        Map<String, Object> options = new HashMap<>(Map.of("path", path, "format", format));
        return new OutputSpec("gcs", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(),
                new OutputSpec.WriteAttempt("run", "gcs." + entity, 1));
    }
}
