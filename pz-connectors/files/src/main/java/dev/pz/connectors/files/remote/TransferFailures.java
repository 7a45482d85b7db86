package dev.pz.connectors.files.remote;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.Set;

/**
 * What object-store connectors share about failures: which HTTP statuses a retry may cure, how a
 * network failure reads, and the exception that carries both to pz's retry policy.
 */
public final class TransferFailures {

    /** Request timeout, throttling, and the server errors a retry may cure. */
    public static final Set<Integer> TRANSIENT_STATUSES = Set.of(408, 429, 500, 502, 503, 504);

    private TransferFailures() {
    }

    /** @param what e.g. {@code s3 object 's3://b/k': download failed} */
    public static PzConnectorException of(String what, String reason, boolean transientFailure, Throwable cause) {
        return new PzConnectorException(PzCode.NODE_FAILED, what + ": " + reason, transientFailure, null, cause);
    }

    /** {@code the connection to the <store> endpoint failed (ConnectException: Connection refused)}. */
    public static String connectionFailed(String store, Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String detail = root.getMessage() == null ? "" : ": " + root.getMessage();
        return "the connection to the " + store + " endpoint failed (" + root.getClass().getSimpleName() + detail + ")";
    }

    /** {@code CODE, HTTP 503 (transient)}: a status no specific reason covers. */
    public static String status(String code, int status) {
        return (code == null ? "HTTP " + status : code + ", HTTP " + status)
                + (TRANSIENT_STATUSES.contains(status) ? " (transient)" : "");
    }
}
