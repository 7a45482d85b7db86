package dev.pz.connectors.s3;

import dev.pz.connectors.api.ConnectionCheck;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * {@code pz validate --connect} for s3: one request proves the credentials, the bucket and read access.
 * With a root, a one-key listing under its prefix; without one, the list of buckets (the credentials
 * only).
 */
final class S3ConnectionProbe {

    private S3ConnectionProbe() {
    }

    static ConnectionCheck check(S3Settings settings) {
        try (S3Client client = S3Clients.create(settings)) {
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
