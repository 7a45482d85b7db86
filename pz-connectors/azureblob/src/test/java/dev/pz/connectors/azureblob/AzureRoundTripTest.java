package dev.pz.connectors.azureblob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.ObjectStore;
import dev.pz.connectors.files.testing.DroppingProxy;
import dev.pz.connectors.files.testing.SampleRows;
import dev.pz.connectors.files.testing.SpoolDriver;
import dev.pz.duckdb.DuckConnection;
import dev.pz.duckdb.DuckSession;
import dev.pz.duckdb.DuckSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * azureblob against a real Azure Blob API server (Azurite): every format both ways, globs, calendar
 * windows, replace and append, a partition_by fan-out, block uploads of large files, an upload cut
 * mid-request, an upload cancelled while the server hangs, the connectivity probe's answers, SAS and connection-string auth, unicode names.
 */
class AzureRoundTripTest {

    private static final long MIB = 1024 * 1024;

    private static AzuriteTestServer server;
    private static int containers;

    @TempDir
    Path temp;

    private String container;
    private DuckSession session;
    private DuckConnection duck;
    private SpoolDriver driver;

    @BeforeAll
    static void startServer() {
        server = AzuriteTestServer.start();
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void open() {
        container = "lake" + (++containers);
        server.createContainer(container);
        session = DuckSession.openInMemory(DuckSettings.defaults());
        duck = session.connect();
        duck.execute("create table sample as " + SampleRows.QUERY);
        driver = new SpoolDriver(duck, temp);
    }

    @AfterEach
    void close() {
        duck.close();
        session.close();
    }

    private static ConnectorConfig config(Map<String, Object> values) {
        return new ConnectorConfig("lake", values);
    }

    private Map<String, Object> options(Object... keysAndValues) {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("container", container);
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }

    private static OutputSpec output(String entity, WriteStrategy strategy, Map<String, Object> options) {
        return new OutputSpec("lake", entity, strategy, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(), null);
    }

    private long write(String entity, WriteStrategy strategy, Map<String, Object> options, String relation) {
        return driver.write(new AzureBlobConnector().openSink(config(server.connection())).orElseThrow()
                .nativeCopy(output(entity, strategy, options)).orElseThrow(), relation);
    }

    private List<String> read(Map<String, Object> connection, Map<String, Object> options, Map<String, String> columns,
            DatasetSpec.Watermark window) {
        return driver.read(new AzureBlobConnector().openSource(config(connection)).orElseThrow()
                .nativeScan(new DatasetSpec("lake", "orders", options, columns, window)).orElseThrow());
    }

    private List<String> read(Map<String, Object> options, Map<String, String> columns) {
        return read(server.connection(), options, columns, null);
    }

    private List<String> blobs(String prefix) {
        BlobContainerClient client = server.client().getBlobContainerClient(container);
        return client.listBlobs().stream().map(BlobItem::getName).filter(name -> name.startsWith(prefix)).sorted()
                .toList();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        "parquet | -     | orders.parquet",
        "csv     | -     | orders.csv",
        "tsv     | -     | orders.tsv",
        "json    | -     | orders.json",
        "json    | array | orders.json"
    })
    void everyFormatGoesUpAndComesBackAsTheSameRows(String format, String layout, String blobName) {
        Map<String, Object> options = options("format", format, "path", "out");
        if (layout != null) {
            options.put("layout", layout);
        }
        assertThat(write("orders", WriteStrategy.REPLACE, options, "sample")).isEqualTo(16);
        assertThat(blobs("out/")).containsExactly("out/" + blobName);
        options.put("path", "out/" + blobName);
        assertThat(read(options, SampleRows.CONTRACT)).isEqualTo(driver.rows("select * from sample"));
    }

    @ParameterizedTest
    @CsvSource({"parquet, false", "csv, true", "json, true"})
    void aUniversalReadLandsWhatTheNativeScanLands(String format, boolean contract) {
        for (int day = 10; day <= 13; day++) {
            write("orders", WriteStrategy.REPLACE, options("format", format, "path", "u/" + day),
                    "(select * from sample where day = date '2026-07-" + day + "')");
        }
        Map<String, String> columns = contract ? SampleRows.CONTRACT : null;
        List<String> nativeRows = read(options("format", format, "path", "u/*/orders." + format), columns);
        assertThat(nativeRows).hasSize(16);
        var source = new AzureBlobConnector().openSource(config(server.connection())).orElseThrow();
        try (BufferAllocator allocator = new RootAllocator()) {
            DatasetSpec split = new DatasetSpec("lake", "orders", options("format", format, "path",
                    "u/*/orders." + format, "files_per_partition", 3L), columns, null);
            assertThat(source.planRead(split, ReadHints.none())).as("four blobs, three per partition").hasSize(2);
            assertThat(driver.readUniversally(source, split, allocator)).isEqualTo(nativeRows);
        }
    }

    @Test
    void replaceOverwritesTheStableBlobAndAppendAddsOnePerWrite() {
        write("orders", WriteStrategy.REPLACE, options("format", "csv", "path", "r"), "sample");
        write("orders", WriteStrategy.REPLACE, options("format", "csv", "path", "r"), "(select * from sample limit 3)");
        assertThat(blobs("r/")).containsExactly("r/orders.csv");
        assertThat(read(options("format", "csv", "path", "r/orders.csv"), null)).hasSize(3);
        write("orders", WriteStrategy.APPEND, options("format", "parquet", "path", "a"), "sample");
        write("orders", WriteStrategy.APPEND, options("format", "parquet", "path", "a"), "sample");
        assertThat(blobs("a/")).hasSize(2).allMatch(name -> name.matches("a/orders-[0-9a-f]{32}\\.parquet"));
        assertThat(read(options("path", "a/*.parquet"), null)).hasSize(32);
    }

    @Test
    void aPartitionByOutputFansOutIntoDayFoldersAndAWindowReadsItsCover() throws Exception {
        Map<String, Object> options = options("format", "parquet", "path", "events/{yyyy}/{MM}/{dd}",
                "partition_by", "ts");
        var sink = new AzureBlobConnector().openSink(config(server.connection())).orElseThrow();
        assertThat(sink.nativeCopy(output("events", WriteStrategy.REPLACE, options))).isEmpty();
        try (BufferAllocator allocator = new RootAllocator()) {
            assertThat(driver.writeUniversally(schema -> sink.beginWrite(output("events", WriteStrategy.REPLACE, options),
                    schema), "select * from sample", allocator)).isEqualTo(16);
        }
        assertThat(blobs("events/")).containsExactly("events/2026/07/10/events.parquet",
                "events/2026/07/11/events.parquet", "events/2026/07/12/events.parquet",
                "events/2026/07/13/events.parquet");
        List<String> window = read(server.connection(), options("path", "events/{yyyy}/{MM}/{dd}/*.parquet"), SampleRows.CONTRACT,
                new DatasetSpec.Watermark("ts", "2026-07-11T00:00:00.000000", false, "2026-07-12T23:59:59.000000"));
        assertThat(window).hasSize(8).allMatch(row -> row.contains("|2026-07-11|") || row.contains("|2026-07-12|"));
    }

    @Test
    void aLargeFileGoesUpInBlocksAndACutUploadLeavesThePreviousBlob() throws Exception {
        byte[] data = new byte[(int) (12 * MIB)];
        new Random(7).nextBytes(data);
        Path file = temp.resolve("large.bin");
        Files.write(file, data);
        AzureSettings direct = AzureSettings.of(config(server.connection()));
        try (ObjectStore store = new AzureStores(direct, "az", 6 * MIB, 4 * MIB).open()) {
            store.upload(file, container, "big/large.bin");
            Path copy = temp.resolve("copy.bin");
            store.download(container, "big/large.bin", copy);
            assertThat(Files.mismatch(file, copy)).isEqualTo(-1);
        }
        try (DroppingProxy proxy = DroppingProxy.to(server.port())) {
            Map<String, Object> proxied = new LinkedHashMap<>(server.connection());
            proxied.put("endpoint", "http://127.0.0.1:" + proxy.port() + "/" + AzuriteTestServer.ACCOUNT);
            Files.write(file, new byte[(int) (12 * MIB)]);
            try (ObjectStore store = new AzureStores(AzureSettings.of(config(proxied)), "az", 6 * MIB, 4 * MIB).open()) {
                proxy.dropNextConnectionAfter(2 * MIB);
                assertThatThrownBy(() -> store.upload(file, container, "big/large.bin"))
                        .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isTrue())
                        .hasMessageStartingWith("azure blob 'az://" + container + "/big/large.bin': upload failed");
                assertThat(proxy.drops()).isEqualTo(1);
            }
        }
        Path after = temp.resolve("after.bin");
        try (ObjectStore store = new AzureStores(direct, "az").open()) {
            store.download(container, "big/large.bin", after);
        }
        assertThat(Files.readAllBytes(after)).as("the committed blob is the first upload's").isEqualTo(data);
    }

    @Test
    void aCancelledUploadReturnsAtOnceAndPublishesNothing() throws Exception {
        Path file = temp.resolve("large.bin");
        Files.write(file, new byte[(int) (12 * MIB)]);
        try (DroppingProxy proxy = DroppingProxy.to(server.port())) {
            Map<String, Object> proxied = new LinkedHashMap<>(server.connection());
            proxied.put("endpoint", "http://127.0.0.1:" + proxy.port() + "/" + AzuriteTestServer.ACCOUNT);
            AzureSink sink = new AzureSink(AzureSettings.of(config(proxied)));
            NativeCopy copy = sink.nativeCopy(output("orders", WriteStrategy.REPLACE, options("format", "parquet",
                    "path", "cancel"))).orElseThrow();
            proxy.stallNextConnectionAfter(2 * MIB);
            CompletableFuture<Void> publish = CompletableFuture.runAsync(() -> {
                try {
                    copy.publisher().publish(file);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            proxy.awaitStall();
            ((Cancellable) copy.publisher()).cancel();
            assertThatThrownBy(publish::join).cause()
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isTrue())
                    .hasMessage("the upload of az://" + container + "/cancel/orders.parquet was cancelled");
        }
        assertThat(blobs("cancel/")).as("uncommitted blocks are no blob").isEmpty();
    }

    @Test
    void sasAndConnectionStringAuthReadWhatAccountKeyWrote() {
        write("orders", WriteStrategy.REPLACE, options("format", "csv", "path", "s"), "sample");
        String sas = server.client().getBlobContainerClient(container).generateSas(new BlobServiceSasSignatureValues(
                OffsetDateTime.now().plusHours(1), new BlobContainerSasPermission().setReadPermission(true)
                        .setListPermission(true)));
        Map<String, Object> sasConnection = new LinkedHashMap<>();
        sasConnection.put("auth", "sas");
        sasConnection.put("sas_token", sas);
        sasConnection.put("endpoint", server.blobEndpoint());
        assertThat(new AzureBlobConnector().validate(config(sasConnection))).isEmpty();
        assertThat(read(sasConnection, options("format", "csv", "path", "s/orders.csv"), null, null)).hasSize(16);
        ConnectionCheck sasCheck = new AzureBlobConnector().checkConnection(config(sasConnection));
        assertThat(sasCheck.ok()).isTrue();
        assertThat(sasCheck.message()).contains("cannot list the account's containers");

        Map<String, Object> connectionString = Map.of("auth", "connection_string", "connection_string",
                server.connectionString());
        assertThat(read(connectionString, options("format", "csv", "path", "s/*.csv"), null, null)).hasSize(16);
    }

    @Test
    void theProbeAndThePeekNameWrongKeysAndMissingContainersWithoutTheSecret() {
        AzureBlobConnector connector = new AzureBlobConnector();
        assertThat(connector.checkConnection(config(server.connection()))).isEqualTo(ConnectionCheck.passed());
        Map<String, Object> wrong = new LinkedHashMap<>(server.connection());
        String wrongKey = java.util.Base64.getEncoder().encodeToString("not the key of the account".getBytes());
        wrong.put("account_key", wrongKey);
        ConnectionCheck refused = connector.checkConnection(config(wrong));
        assertThat(refused.ok()).isFalse();
        assertThat(refused.message()).startsWith("permanent: azure account: the credentials were refused")
                .doesNotContain(wrongKey);
        assertThatThrownBy(() -> connector.openSource(config(server.connection())).orElseThrow()
                .schema(DatasetSpec.of("lake", "orders", Map.of("container", "missing", "path", "x.parquet"), null)))
                .hasMessage("azure container 'missing': list failed: the container does not exist (ContainerNotFound)");
    }

    @Test
    void unicodeNamesRoundTripAndMissingBlobsAreNamed() {
        write("commandes été", WriteStrategy.REPLACE, options("format", "csv", "path", "données/ünï"), "sample");
        assertThat(blobs("données/")).containsExactly("données/ünï/commandes été.csv");
        assertThat(read(options("format", "csv", "path", "données/*/*.csv"), SampleRows.CONTRACT))
                .isEqualTo(driver.rows("select * from sample"));
        assertThatThrownBy(() -> read(options("format", "csv", "path", "nope.csv"), null))
                .hasMessage("dataset 'orders': azure object 'az://" + container + "/nope.csv' not found");
    }
}
