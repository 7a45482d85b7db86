package dev.pz.connectors.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import dev.pz.connectors.files.testing.SampleRows;
import dev.pz.connectors.files.testing.SpoolDriver;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Every format both ways through a real S3 API server, as the engine drives the connector: the write's
 * COPY into a spool file and its upload, the read's fetch into a spool and DuckDB's scan of the local
 * copies. Also globs, calendar windows, replace and append object names, and unicode keys.
 */
class S3RoundTripTest {

    @TempDir
    Path temp;

    private S3TestServer server;
    private DuckSession session;
    private DuckConnection duck;
    private SpoolDriver driver;

    @BeforeEach
    void start() {
        server = S3TestServer.start();
        server.createBucket("lake");
        session = DuckSession.openInMemory(DuckSettings.defaults());
        duck = session.connect();
        duck.execute("create table sample as " + SampleRows.QUERY);
        driver = new SpoolDriver(duck, temp);
    }

    @AfterEach
    void stop() {
        duck.close();
        session.close();
        server.close();
    }

    private ConnectorConfig config() {
        return new ConnectorConfig("lake", server.connection("lake/raw"));
    }

    private static Map<String, Object> options(Object... keysAndValues) {
        Map<String, Object> options = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }

    private long write(String entity, WriteStrategy strategy, Map<String, Object> options, String relation) {
        return driver.write(new S3Connector().openSink(config()).orElseThrow()
                .nativeCopy(new OutputSpec("lake", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(), null))
                .orElseThrow(), relation);
    }

    private List<String> read(String entity, Map<String, Object> options, Map<String, String> columns,
            DatasetSpec.Watermark window) {
        return driver.read(new S3Connector().openSource(config()).orElseThrow()
                .nativeScan(new DatasetSpec("lake", entity, options, columns, window)).orElseThrow());
    }

    private List<String> sampleRows() {
        return driver.rows("select * from sample");
    }

    private List<String> keys(String prefix) {
        try (S3Client client = server.client()) {
            return client.listObjectsV2(request -> request.bucket("lake").prefix(prefix)).contents().stream()
                    .map(S3Object::key).sorted().toList();
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        "parquet | -     | orders.parquet",
        "csv     | -     | orders.csv",
        "tsv     | -     | orders.tsv",
        "json    | -     | orders.json",
        "json    | array | orders.json"
    })
    void everyFormatGoesUpAndComesBackAsTheSameRows(String format, String layout, String objectName)
            {
        Map<String, Object> options = options("format", format, "path", "out");
        if (layout != null) {
            options.put("layout", layout);
        }
        assertThat(write("orders", WriteStrategy.REPLACE, options, "sample")).isEqualTo(16);
        assertThat(keys("raw/out/")).containsExactly("raw/out/" + objectName);
        Map<String, Object> readOptions = new LinkedHashMap<>(options);
        readOptions.put("path", "out/" + objectName);
        assertThat(read("orders", readOptions, SampleRows.CONTRACT, null)).isEqualTo(sampleRows());
    }

    @Test
    void aUniversalWriteUploadsWhatTheNativeOneWould() {
        write("orders", WriteStrategy.REPLACE, options("format", "parquet", "path", "native"), "sample");
        Map<String, Object> options = options("format", "parquet", "path", "universal");
        var sink = new S3Connector().openSink(config()).orElseThrow();
        try (BufferAllocator allocator = new RootAllocator()) {
            assertThat(driver.writeUniversally(schema -> sink.beginWrite(new OutputSpec("lake", "orders",
                    WriteStrategy.REPLACE, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(), null), schema), "select * from sample",
                    allocator)).isEqualTo(16);
        }
        assertThat(keys("raw/universal/")).containsExactly("raw/universal/orders.parquet");
        assertThat(read("orders", options("path", "universal/orders.parquet"), null, null))
                .isEqualTo(read("orders", options("path", "native/orders.parquet"), null, null))
                .isEqualTo(sampleRows());
    }

    @ParameterizedTest
    @CsvSource({"parquet, false", "csv, true", "csv, false", "json, true", "tsv, true"})
    void aUniversalReadLandsWhatTheNativeScanLands(String format, boolean contract) {
        for (int day = 10; day <= 13; day++) {
            write("orders", WriteStrategy.REPLACE, options("format", format, "path", "u/" + day),
                    "(select * from sample where day = date '2026-07-" + day + "')");
        }
        Map<String, String> columns = contract ? SampleRows.CONTRACT : null;
        List<String> nativeRows = read("orders", options("format", format, "path", "u/*/orders." + format), columns,
                null);
        assertThat(nativeRows).hasSize(16);
        var source = new S3Connector().openSource(config()).orElseThrow();
        try (BufferAllocator allocator = new RootAllocator()) {
            DatasetSpec split = new DatasetSpec("lake", "orders", options("format", format, "path",
                    "u/*/orders." + format, "files_per_partition", 3L), columns, null);
            assertThat(source.planRead(split, ReadHints.none()))
                    .as("four objects, three per partition").hasSize(2);
            assertThat(driver.readUniversally(source, split, allocator)).isEqualTo(nativeRows);
        }
    }

    @Test
    void replaceOverwritesTheStableObjectAndAppendAddsOnePerWrite() {
        write("orders", WriteStrategy.REPLACE, options("format", "csv", "path", "r"), "sample");
        write("orders", WriteStrategy.REPLACE, options("format", "csv", "path", "r"), "(select * from sample limit 3)");
        assertThat(keys("raw/r/")).containsExactly("raw/r/orders.csv");
        assertThat(read("orders", options("format", "csv", "path", "r/orders.csv"), null, null)).hasSize(3);

        write("orders", WriteStrategy.APPEND, options("format", "parquet", "path", "a"), "sample");
        write("orders", WriteStrategy.APPEND, options("format", "parquet", "path", "a"), "sample");
        assertThat(keys("raw/a/")).hasSize(2).allMatch(key -> key.matches("raw/a/orders-[0-9a-f]{32}\\.parquet"));
        assertThat(read("orders", options("path", "a/*.parquet"), null, null)).hasSize(32);
    }

    @Test
    void aCalendarWindowReadsOnlyItsCoverFolders() {
        for (int day = 10; day <= 13; day++) {
            write("events", WriteStrategy.REPLACE, options("format", "parquet", "path", "events/2026/07/" + day),
                    "(select * from sample where day = date '2026-07-" + day + "')");
        }
        List<String> rows = read("events", options("path", "events/{yyyy}/{MM}/{dd}/*.parquet"), SampleRows.CONTRACT,
                new DatasetSpec.Watermark("ts", "2026-07-11T00:00:00.000000", false, "2026-07-12T23:59:59.000000"));
        assertThat(rows).isNotEmpty().allMatch(row -> row.contains("|2026-07-11|") || row.contains("|2026-07-12|"));
        assertThat(rows).hasSize(8);
        assertThat(read("events", options("path", "events/{yyyy}/{MM}/{dd}/*.parquet"), SampleRows.CONTRACT,
                new DatasetSpec.Watermark("ts", "2026-08-01T00:00:00.000000", false, "2026-08-02T00:00:00.000000")))
                .as("a window with no folder lands nothing").isEmpty();
    }

    @Test
    void unicodeEntitiesAndPathsRoundTrip() {
        write("commandes été", WriteStrategy.REPLACE, options("format", "csv", "path", "données/ünï"), "sample");
        assertThat(keys("raw/données/")).containsExactly("raw/données/ünï/commandes été.csv");
        assertThat(read("commandes été", options("format", "csv", "path", "données/*/*.csv"), SampleRows.CONTRACT, null))
                .isEqualTo(sampleRows());
    }

    @Test
    void missingObjectsAndHeadersThatContradictTheContractAreNamed() {
        assertThatThrownBy(() -> read("orders", options("format", "csv", "path", "nope.csv"), null, null))
                .isInstanceOf(PzConnectorException.class)
                .hasMessage("dataset 'orders': s3 object 's3://lake/raw/nope.csv' not found");
        assertThatThrownBy(() -> read("orders", options("format", "csv", "path", "nope/*.csv"), null, null))
                .hasMessage("dataset 'orders': no s3 object matches 's3://lake/raw/nope/*.csv'");
        write("orders", WriteStrategy.REPLACE, options("format", "csv", "path", "h"), "(select name, id from sample)");
        Map<String, String> swapped = new LinkedHashMap<>();
        swapped.put("id", "bigint");
        swapped.put("name", "varchar");
        assertThatThrownBy(() -> read("orders", options("format", "csv", "path", "h/orders.csv"), swapped, null))
                .hasMessageContaining("the header of csv file 's3://lake/raw/h/orders.csv' does not match the columns:"
                        + " contract: the same columns in another order (header: name,id; contract: id,name)");
    }

    @Test
    void theSchemaPeekReadsTheFirstObjectAsTheNativeTierWould() {
        write("orders", WriteStrategy.REPLACE, options("format", "parquet", "path", "p"), "sample");
        var schema = new S3Connector().openSource(config()).orElseThrow()
                .schema(DatasetSpec.of("lake", "orders", options("path", "p/*.parquet"), null));
        assertThat(schema.getFields()).extracting(field -> field.getName())
                .containsExactly("id", "name", "amount", "flag", "day", "ts");
        write("orders", WriteStrategy.REPLACE, options("format", "csv", "path", "c"), "(select id, flag from sample)");
        var csv = new S3Connector().openSource(config()).orElseThrow()
                .schema(DatasetSpec.of("lake", "orders", options("format", "csv", "path", "c/orders.csv"), SampleRows.CONTRACT));
        assertThat(csv.getFields()).extracting(field -> field.getName()).containsExactly("id", "flag");
    }
}
