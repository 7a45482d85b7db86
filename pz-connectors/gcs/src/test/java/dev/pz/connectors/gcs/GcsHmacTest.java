package dev.pz.connectors.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.testing.RemoteRows;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * {@code auth: hmac} against s3proxy in this JVM: a real S3 API server checking AWS signatures,
 * standing in for Cloud Storage's S3-compatible XML API (see docs/gcs.md for what that does not prove).
 */
class GcsHmacTest {

    private static final String KEY_ID = "GOOG1EPZTESTKEYID";
    private static final String SECRET = "pz-hmac-secret-5c1d";

    @TempDir
    Path project;

    private S3Proxy proxy;
    private S3Client s3;
    private boolean stopped;
    private final GcsConnector connector = new GcsConnector();

    @BeforeEach
    void start() {
        proxy = S3Proxy.builder().blobStore(new TransientNio2BlobStore()).awsAuthentication(AuthenticationType.AWS_V2_OR_V4, KEY_ID, SECRET)
                .endpoint(URI.create("http://127.0.0.1:0")).build();
        try {
            proxy.start();
        } catch (Exception e) {
            if ("1".equals(System.getenv("PZ_REQUIRE_SERVICES"))) {
                throw new IllegalStateException("s3proxy could not start: " + e.getMessage(), e);
            }
            Assumptions.abort("s3proxy could not start: " + e.getMessage());
        }
        s3 = S3Client.builder().httpClient(UrlConnectionHttpClient.create()).region(Region.US_EAST_1)
                .endpointOverride(URI.create("http://127.0.0.1:" + proxy.getPort())).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(KEY_ID, SECRET)))
                .serviceConfiguration(S3Configuration.builder().chunkedEncodingEnabled(false).build()).build();
        s3.createBucket(request -> request.bucket("lake"));
    }

    private void put(String key, String text) {
        s3.putObject(request -> request.bucket("lake").key(key), RequestBody.fromString(text));
    }

    @AfterEach
    void stop() throws Exception {
        s3.close();
        if (!stopped) {
            proxy.stop();
        }
    }

    @Test
    void hmacKeysReadAndWriteThroughTheXmlApi() throws IOException {
        put("raw/a.csv", "id,name\n1,x\n");
        put("raw/b.csv", "id,name\n2,y\n");
        ConnectorConfig config = config(Map.of());
        try (Source source = connector.openSource(config).orElseThrow()) {
            assertThat(RemoteRows.read(source, DatasetSpec.of("gcs", "t", Map.of("path", "*.csv", "format", "csv"),
                    null))).containsExactly("1|x", "2|y");
        }
        try (Sink sink = connector.openSink(config).orElseThrow()) {
            NativeCopy copy = sink.nativeCopy(new OutputSpec("gcs", "daily", WriteStrategy.REPLACE,
                    SchemaPolicy.FAIL_ON_CHANGE, Map.of("path", "out", "format", "csv"), List.of(), null)).orElseThrow();
            copy.publisher().publish(Files.writeString(project.resolve("finished"), "id\n7\n"));
        }
        assertThat(s3.getObjectAsBytes(request -> request.bucket("lake").key("raw/out/daily.csv")).asUtf8String())
                .isEqualTo("id\n7\n");
        assertThat(connector.checkConnection(config).ok()).isTrue();
    }

    @Test
    void aWrongSecretIsDeniedWithoutBeingEchoed() {
        ConnectionCheck check = connector.checkConnection(config(Map.of("secret", "wrong-" + SECRET)));
        assertThat(check.ok()).isFalse();
        assertThat(check.message()).startsWith("permanent: gcs bucket 'lake': list failed: access denied (HTTP 403")
                .doesNotContain(SECRET);
    }

    @Test
    void aStoppedServerIsATransientFailure() throws Exception {
        ConnectorConfig config = config(Map.of());
        proxy.stop();
        stopped = true;
        try (Source source = connector.openSource(config).orElseThrow()) {
            assertThatThrownBy(() -> source.schema(DatasetSpec.of("gcs", "t", Map.of("format", "csv"), null)))
                    .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isTrue());
        }
    }

    private ConnectorConfig config(Map<String, Object> overrides) {
        Map<String, Object> options = new HashMap<>(Map.of("auth", "hmac", "key_id", KEY_ID, "secret", SECRET, "root",
                "lake/raw", "endpoint", "127.0.0.1:" + proxy.getPort(), "url_style", "path", "use_ssl", false,
                ConnectorConfig.BASE_DIR, project.toString()));
        options.putAll(overrides);
        return new ConnectorConfig("gcs", options);
    }
}
