package dev.pz.connectors.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.Cancellable;
import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.ObjectStore;
import dev.pz.connectors.files.remote.StoredObject;
import dev.pz.connectors.files.testing.DroppingProxy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The s3 client against a real S3 API server: listings, downloads, single-PUT and multipart uploads,
 * an upload cut mid-part (no object, no incomplete upload left, a transient failure that a retry
 * cures), an upload cancelled while the server hangs (the same), a stopped server, and the connectivity probe's answers for wrong keys and missing buckets.
 */
class S3ObjectStoreTest {

    private static final long MIB = 1024 * 1024;

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

    private S3Settings settings(Map<String, Object> overrides) {
        Map<String, Object> values = new LinkedHashMap<>(server.connection("lake"));
        values.putAll(overrides);
        return S3Settings.of(new ConnectorConfig("lake", values));
    }

    /** Multipart above 6 MiB, in 5 MiB parts (S3's smallest), so a test file of a few MiB takes that path. */
    private ObjectStore store(Map<String, Object> overrides) {
        return new S3Stores(settings(overrides), 6 * MIB, 5 * MIB).open();
    }

    private Path file(String name, int bytes) throws Exception {
        byte[] data = new byte[bytes];
        new Random(bytes).nextBytes(data);
        Path file = temp.resolve(name);
        Files.write(file, data);
        return file;
    }

    @Test
    void uploadsListsAndDownloadsUnicodeKeys() throws Exception {
        Path source = file("small.csv", 1000);
        String key = "données/été 2026/ünï ✓.csv";
        try (ObjectStore store = store(Map.of())) {
            store.upload(source, "lake", key);
            store.upload(source, "lake", "données/dir/");
            assertThat(store.list("lake", "données/")).containsExactly(new StoredObject(key, 1000));
            Path copy = temp.resolve("copy.csv");
            store.download("lake", key, copy);
            assertThat(Files.readAllBytes(copy)).isEqualTo(Files.readAllBytes(source));
        }
    }

    @Test
    void aLargeFileGoesUpInPartsAndLandsWhole() throws Exception {
        Path source = file("large.bin", (int) (12 * MIB + 123));
        try (ObjectStore store = store(Map.of()); S3Client client = server.client()) {
            store.upload(source, "lake", "big/large.bin");
            Path copy = temp.resolve("copy.bin");
            store.download("lake", "big/large.bin", copy);
            assertThat(Files.mismatch(source, copy)).isEqualTo(-1);
            assertThat(client.headObject(request -> request.bucket("lake").key("big/large.bin")).eTag())
                    .as("a multipart ETag names its part count").endsWith("-3\"");
            assertThat(client.listMultipartUploads(request -> request.bucket("lake")).uploads()).isEmpty();
        }
    }

    @Test
    void anUploadCutMidPartLeavesNoObjectAndNoIncompleteUploadAndARetrySucceeds() throws Exception {
        Path source = file("large.bin", (int) (12 * MIB));
        try (DroppingProxy proxy = DroppingProxy.to(server.port());
                ObjectStore store = store(Map.of("endpoint", "127.0.0.1:" + proxy.port()));
                S3Client client = server.client()) {
            proxy.dropNextConnectionAfter(2 * MIB);
            assertThatThrownBy(() -> store.upload(source, "lake", "cut/large.bin"))
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isTrue())
                    .hasMessageStartingWith("s3 object 's3://lake/cut/large.bin': upload failed (part ");
            assertThat(proxy.drops()).isEqualTo(1);
            assertThat(client.listObjectsV2(request -> request.bucket("lake").prefix("cut/")).contents()).isEmpty();
            assertThat(client.listMultipartUploads(request -> request.bucket("lake")).uploads()).isEmpty();

            store.upload(source, "lake", "cut/large.bin");
            assertThat(client.headObject(request -> request.bucket("lake").key("cut/large.bin")).contentLength())
                    .isEqualTo(12 * MIB);
        }
    }

    @Test
    void aCancelledUploadReturnsAtOnceAndLeavesNoObjectAndNoIncompleteUpload() throws Exception {
        Path source = file("large.bin", (int) (12 * MIB));
        try (DroppingProxy proxy = DroppingProxy.to(server.port()); S3Client client = server.client()) {
            Map<String, Object> values = new LinkedHashMap<>(server.connection("lake"));
            values.put("endpoint", "127.0.0.1:" + proxy.port());
            S3Sink sink = new S3Sink(new S3Stores(S3Settings.of(new ConnectorConfig("lake", values)), 6 * MIB, 5 * MIB));
            NativeCopy copy = sink.nativeCopy(new OutputSpec("lake", "orders", WriteStrategy.REPLACE,
                    SchemaPolicy.FAIL_ON_CHANGE, Map.of("format", "parquet", "path", "cancel"), List.of(), null))
                    .orElseThrow();
            proxy.stallNextConnectionAfter(2 * MIB);
            CompletableFuture<Void> publish = CompletableFuture.runAsync(() -> {
                try {
                    copy.publisher().publish(source);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            proxy.awaitStall();
            ((Cancellable) copy.publisher()).cancel();
            assertThatThrownBy(publish::join).cause()
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isTrue())
                    .hasMessage("the upload of s3://lake/cancel/orders.parquet was cancelled");
            // The upload's own thread aborts the multipart upload it started, then ends.
            Thread upload = Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> thread.getName().equals("pz-s3-upload")).findFirst().orElse(null);
            if (upload != null) {
                upload.join();
            }

            assertThat(client.listObjectsV2(request -> request.bucket("lake").prefix("cancel/")).contents()).isEmpty();
            assertThat(client.listMultipartUploads(request -> request.bucket("lake")).uploads()).isEmpty();
        }
    }

    @Test
    void aStoppedServerIsATransientFailure() throws Exception {
        Path source = file("small.csv", 10);
        try (ObjectStore store = store(Map.of())) {
            server.stop();
            assertThatThrownBy(() -> store.upload(source, "lake", "x.csv"))
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isTrue())
                    .hasMessageContaining("the connection to the s3 endpoint failed");
            assertThatThrownBy(() -> store.list("lake", ""))
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isTrue());
        }
    }

    @Test
    void theProbeNamesWrongKeysMissingBucketsAndStoppedServersWithoutTheSecret() {
        S3Connector connector = new S3Connector();
        Map<String, Object> good = server.connection("lake");
        assertThat(connector.checkConnection(new ConnectorConfig("lake", good))).isEqualTo(ConnectionCheck.passed());

        Map<String, Object> wrongSecret = new LinkedHashMap<>(good);
        wrongSecret.put("secret_key", "not-the-secret-value");
        ConnectionCheck refused = connector.checkConnection(new ConnectorConfig("lake", wrongSecret));
        assertThat(refused.ok()).isFalse();
        assertThat(refused.message()).startsWith("permanent: s3 bucket 'lake': the credentials were refused")
                .doesNotContain("not-the-secret-value").doesNotContain(S3TestServer.SECRET_KEY);

        Map<String, Object> wrongKey = new LinkedHashMap<>(good);
        wrongKey.put("access_key", "AKIA-UNKNOWN");
        assertThat(connector.checkConnection(new ConnectorConfig("lake", wrongKey)).message())
                .contains("the credentials were refused (InvalidAccessKeyId)");

        Map<String, Object> missing = new LinkedHashMap<>(good);
        missing.put("root", "no-such-bucket/raw");
        assertThat(connector.checkConnection(new ConnectorConfig("lake", missing)).message())
                .isEqualTo("permanent: s3 bucket 'no-such-bucket': the bucket does not exist (NoSuchBucket)");

        server.stop();
        assertThat(connector.checkConnection(new ConnectorConfig("lake", good)).message())
                .startsWith("transient: s3 bucket 'lake': the connection to the s3 endpoint failed");
    }
}
