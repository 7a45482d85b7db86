package dev.pz.connectors.gcs;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.StoredObject;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Objects through Cloud Storage's XML API with an HMAC interoperability key pair: the API is S3's,
 * so the AWS client speaks it, against {@code https://storage.googleapis.com} unless {@code endpoint}
 * names another host. A single PUT is the upload, visible whole when it completes.
 */
final class GcsHmacStore implements GcsBucketStore {

    static final String DEFAULT_ENDPOINT = "storage.googleapis.com";

    private final S3Client client;

    GcsHmacStore(GcsSettings settings) {
        boolean ssl = settings.useSsl() == null || settings.useSsl();
        String host = settings.endpoint() == null ? DEFAULT_ENDPOINT : settings.endpoint();
        // Interoperability endpoints reject aws-chunked uploads and trailing checksums; ask for neither.
        this.client = S3Client.builder().httpClient(UrlConnectionHttpClient.create()).region(Region.of("auto"))
                .endpointOverride(URI.create((ssl ? "https://" : "http://") + host))
                .forcePathStyle(settings.urlStyle() == GcsOptions.UrlStyle.PATH)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(settings.keyId(),
                        settings.secret())))
                .serviceConfiguration(S3Configuration.builder().chunkedEncodingEnabled(false).build())
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED).build();
    }

    @Override
    public List<StoredObject> list(String bucket, String prefix) {
        List<StoredObject> objects = new ArrayList<>();
        try {
            for (S3Object object : client.listObjectsV2Paginator(request -> request.bucket(bucket).prefix(prefix))
                    .contents()) {
                if (!object.key().endsWith("/")) {
                    objects.add(new StoredObject(object.key(), object.size() == null ? 0 : object.size()));
                }
            }
        } catch (SdkException e) {
            throw failure("gcs bucket '" + bucket + "': list failed", e);
        }
        return objects;
    }

    @Override
    public void download(String bucket, String key, Path target) {
        try {
            client.getObject(request -> request.bucket(bucket).key(key), ResponseTransformer.toFile(target));
        } catch (SdkException e) {
            throw failure("gcs object 'gs://" + bucket + "/" + key + "': download failed", e);
        }
    }

    @Override
    public void upload(Path file, String bucket, String key) {
        try {
            client.putObject(request -> request.bucket(bucket).key(key), RequestBody.fromFile(file));
        } catch (SdkException e) {
            throw failure("gcs object 'gs://" + bucket + "/" + key + "': upload failed", e);
        }
    }

    @Override
    public void probe(String bucket, String prefix) {
        try {
            client.listObjectsV2(request -> request.bucket(bucket).prefix(prefix).maxKeys(1));
        } catch (SdkException e) {
            throw failure("gcs bucket '" + bucket + "': list failed", e);
        }
    }

    /** Refused keys, denied access and missing buckets are permanent; the rest may pass on a retry. */
    private static PzConnectorException failure(String what, SdkException e) {
        if (e instanceof S3Exception s3) {
            int status = s3.statusCode();
            String reason = switch (status) {
                case 401, 403 -> "access denied (HTTP " + status + (s3.awsErrorDetails() == null ? ""
                        : ", " + s3.awsErrorDetails().errorCode()) + ")";
                case 404 -> "not found (HTTP 404)";
                default -> "HTTP " + status;
            };
            boolean transientFailure = status == 408 || status == 429 || status >= 500;
            return new PzConnectorException(PzCode.NODE_FAILED, what + ": " + reason, transientFailure, null, e);
        }
        return new PzConnectorException(PzCode.NODE_FAILED, what + ": " + e.getMessage(),
                e instanceof SdkClientException, null, e);
    }

    @Override
    public void close() {
        client.close();
    }
}
