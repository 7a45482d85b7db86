package dev.pz.connectors.s3;

import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.TransferFailures;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Turns AWS SDK failures into pz's: a message that says what failed and why in words a user can act
 * on, transient for network failures and the HTTP statuses a retry may cure (408, 429, 500, 502,
 * 503, 504), permanent otherwise. Never includes a credential.
 */
final class S3Failures {

    private S3Failures() {
    }

    /** @param what e.g. {@code s3 object 's3://b/k': download failed} */
    static PzConnectorException of(String what, SdkException failure) {
        return TransferFailures.of(what, reason(failure), isTransient(failure), failure);
    }

    static boolean isTransient(SdkException failure) {
        if (failure instanceof AwsServiceException service) {
            return TransferFailures.TRANSIENT_STATUSES.contains(service.statusCode());
        }
        return failure instanceof SdkClientException;
    }

    /** Why it failed: the service's error code explained, or the network failure. */
    static String reason(SdkException failure) {
        if (failure instanceof AwsServiceException service) {
            String code = service.awsErrorDetails() == null ? null : service.awsErrorDetails().errorCode();
            int status = service.statusCode();
            if ("InvalidAccessKeyId".equals(code) || "SignatureDoesNotMatch".equals(code)
                    || "InvalidToken".equals(code) || "ExpiredToken".equals(code)) {
                return "the credentials were refused (" + code + ") -- check access_key and secret_key, or the AWS"
                        + " credential chain";
            }
            if ("AccessDenied".equals(code) || "AllAccessDisabled".equals(code) || status == 403) {
                return "access denied (" + (code == null ? "HTTP 403" : code) + ") -- the credentials lack the"
                        + " permission";
            }
            if ("NoSuchBucket".equals(code)) {
                return "the bucket does not exist (NoSuchBucket)";
            }
            if ("NoSuchKey".equals(code) || status == 404) {
                return "not found (" + (code == null ? "HTTP 404" : code) + ")";
            }
            return TransferFailures.status(code, status);
        }
        return TransferFailures.connectionFailed("s3", failure);
    }
}
