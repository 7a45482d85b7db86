package dev.pz.connectors.s3;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.junit.jupiter.api.Assumptions;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;

/**
 * A real S3 API server for tests: s3proxy in this JVM over an in-memory store, on a free loopback port,
 * with static credentials and path-style addressing. Each test that starts one stops it. When it
 * cannot start the test is skipped with the reason, except under {@code PZ_REQUIRE_SERVICES=1}, where
 * that is a failure.
 */
public final class S3TestServer implements AutoCloseable {

    public static final String ACCESS_KEY = "pz-test-access";
    public static final String SECRET_KEY = "pz-test-secret-8f3a1c";

    private final S3Proxy proxy;
    private final URI endpoint;
    private final String accessKey;
    private final String secretKey;
    private boolean stopped;

    private S3TestServer(S3Proxy proxy, URI endpoint, String accessKey, String secretKey) {
        this.proxy = proxy;
        this.endpoint = endpoint;
        this.accessKey = accessKey;
        this.secretKey = secretKey;
    }

    public static S3TestServer start() {
        return start(ACCESS_KEY, SECRET_KEY, false);
    }

    /**
     * A server that accepts only requests signed with this temporary key pair. s3proxy knows no STS: the
     * session token that comes with temporary keys rides along unverified.
     */
    public static S3TestServer startForTemporaryKeys(String accessKey, String secretKey) {
        return start(accessKey, secretKey, true);
    }

    private static S3TestServer start(String accessKey, String secretKey, boolean sessionTokens) {
        S3Proxy proxy = S3Proxy.builder().blobStore(new TransientNio2BlobStore()).ignoreUnknownHeaders(sessionTokens)
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKey, secretKey)
                .endpoint(URI.create("http://127.0.0.1:0")).build();
        try {
            proxy.start();
        } catch (Exception e) {
            if ("1".equals(System.getenv("PZ_REQUIRE_SERVICES"))) {
                throw new IllegalStateException("s3proxy could not start: " + e.getMessage(), e);
            }
            Assumptions.abort("s3proxy could not start: " + e.getMessage());
        }
        return new S3TestServer(proxy, URI.create("http://127.0.0.1:" + proxy.getPort()), accessKey, secretKey);
    }

    /** {@code http://127.0.0.1:<port>}. */
    public URI endpoint() {
        return endpoint;
    }

    public int port() {
        return endpoint.getPort();
    }

    /** A connection's keys for this server: static credentials, path style, plain HTTP. */
    public Map<String, Object> connection(String root) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("access_key", accessKey);
        values.put("secret_key", secretKey);
        if (root != null) {
            values.put("root", root);
        }
        values.put("endpoint", "127.0.0.1:" + port());
        values.put("url_style", "path");
        values.put("use_ssl", false);
        return values;
    }

    /** The same as {@link #connection} in connections.yml form, indented by four spaces. */
    public String connectionYaml(String root) {
        StringBuilder yaml = new StringBuilder();
        connection(root).forEach((key, value) -> yaml.append("    ").append(key).append(": ").append(value).append('\n'));
        return yaml.toString();
    }

    /** A client for arranging and inspecting the server's contents; the caller closes it. */
    public S3Client client() {
        return S3Client.builder().httpClient(UrlConnectionHttpClient.create()).region(Region.US_EAST_1)
                .endpointOverride(endpoint).forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .serviceConfiguration(S3Configuration.builder().chunkedEncodingEnabled(false).build())
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED).build();
    }

    /** Creates a bucket. */
    public void createBucket(String bucket) {
        try (S3Client client = client()) {
            client.createBucket(request -> request.bucket(bucket));
        }
    }

    /** Stops the server; a later request to its port is refused. Idempotent. */
    public void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        try {
            proxy.stop();
        } catch (Exception e) {
            throw new IllegalStateException("s3proxy did not stop: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        stop();
    }
}
