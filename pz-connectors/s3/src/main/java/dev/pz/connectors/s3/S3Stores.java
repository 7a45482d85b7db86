package dev.pz.connectors.s3;

import dev.pz.connectors.files.remote.ObjectStore;
import dev.pz.connectors.files.remote.ObjectStores;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;

/** One s3 connection's store: {@code s3://bucket/key} names, and a client per operation. */
final class S3Stores implements ObjectStores {

    private final S3Settings settings;
    private final long multipartThreshold;
    private final long minPartSize;
    private AwsCredentialsProvider credentials;

    S3Stores(S3Settings settings) {
        this(settings, S3ObjectStore.MULTIPART_THRESHOLD, S3ObjectStore.MIN_PART_SIZE);
    }

    /** Tests take the multipart path with small files. */
    S3Stores(S3Settings settings, long multipartThreshold, long minPartSize) {
        this.settings = settings;
        this.multipartThreshold = multipartThreshold;
        this.minPartSize = minPartSize;
    }

    @Override
    public String kind() {
        return S3ConnectorFactory.NAME;
    }

    @Override
    public String url(String bucket, String key) {
        return urlOf(bucket, key);
    }

    static String urlOf(String bucket, String key) {
        return "s3://" + bucket + "/" + key;
    }

    @Override
    public ObjectStore open() {
        return new S3ObjectStore(S3Clients.create(settings, credentials()), multipartThreshold, minPartSize);
    }

    /**
     * The connection's credentials, resolved on the first open and shared by later ones, so that an
     * assumed role or web identity costs one STS call per run, not one per transfer.
     */
    private synchronized AwsCredentialsProvider credentials() {
        if (credentials == null) {
            credentials = S3Credentials.resolved(settings, S3Credentials.provider(settings));
        }
        return credentials;
    }

    S3Settings settings() {
        return settings;
    }
}
