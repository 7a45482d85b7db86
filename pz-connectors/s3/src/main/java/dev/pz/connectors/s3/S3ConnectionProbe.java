package dev.pz.connectors.s3;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.error.PzConnectorException;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * {@code pz validate --connect} for s3: the credentials are resolved (STS or SSO calls included), then
 * one request proves them, the bucket and read access.
 * With a root, a one-key listing under its prefix; without one, the list of buckets (the credentials
 * only).
 */
final class S3ConnectionProbe {

    private S3ConnectionProbe() {
    }

    static ConnectionCheck check(S3Settings settings) {
        AwsCredentialsProvider credentials;
        try {
            credentials = S3Credentials.resolved(settings, S3Credentials.provider(settings));
        } catch (PzConnectorException e) {
            return ConnectionCheck.failed("permanent: " + e.getMessage());
        }
        try (S3Client client = S3Clients.create(settings, credentials)) {
            if (settings.rootBucket() == null) {
                client.listBuckets();
                return ConnectionCheck.passed();
            }
            client.listObjectsV2(request -> request.bucket(settings.rootBucket()).prefix(settings.rootPrefix())
                    .maxKeys(1));
            return ConnectionCheck.passed();
        } catch (SdkException e) {
            String subject = settings.rootBucket() == null ? "s3" : "s3 bucket '" + settings.rootBucket() + "'";
            return ConnectionCheck.failed((S3Failures.isTransient(e) ? "transient: " : "permanent: ") + subject + ": "
                    + S3Failures.reason(e));
        }
    }
}
