package dev.pz.connectors.azureblob;

import com.azure.core.exception.HttpResponseException;
import com.azure.storage.blob.models.BlobStorageException;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.TransferFailures;

/**
 * Turns Azure SDK failures into pz's: what failed and why in words a user can act on; transient for
 * network failures and the HTTP statuses a retry may cure (408, 429, 500, 502, 503, 504), permanent
 * otherwise. Never includes a credential (the SDK's messages can echo a request URL with a SAS, so they
 * are not repeated).
 */
final class AzureFailures {

    private AzureFailures() {
    }

    /** @param what e.g. {@code azure blob 'c/k': download failed} */
    static PzConnectorException of(String what, RuntimeException failure) {
        return TransferFailures.of(what, reason(failure), isTransient(failure), failure);
    }

    static boolean isTransient(RuntimeException failure) {
        if (failure instanceof HttpResponseException response) {
            return response.getResponse() != null && TransferFailures.TRANSIENT_STATUSES.contains(
                    response.getResponse().getStatusCode());
        }
        return true;
    }

    static String reason(RuntimeException failure) {
        if (failure instanceof BlobStorageException storage) {
            String code = storage.getErrorCode() == null ? null : storage.getErrorCode().toString();
            int status = storage.getStatusCode();
            // A wrong shared key is AuthenticationFailed on Azure and AuthorizationFailure on the emulator.
            if ("AuthenticationFailed".equals(code) || "InvalidAuthenticationInfo".equals(code)
                    || "AuthorizationFailure".equals(code)) {
                return "the credentials were refused (" + code + ") -- check the account key, SAS token, connection"
                        + " string or Azure AD identity, and what it may access";
            }
            if ("AuthorizationPermissionMismatch".equals(code) || "AuthorizationResourceTypeMismatch".equals(code)
                    || status == 403) {
                return "access denied (" + (code == null ? "HTTP 403" : code) + ") -- the credentials lack the permission";
            }
            if ("ContainerNotFound".equals(code)) {
                return "the container does not exist (ContainerNotFound)";
            }
            if ("BlobNotFound".equals(code) || status == 404) {
                return "not found (" + (code == null ? "HTTP 404" : code) + ")";
            }
            return TransferFailures.status(code, status);
        }
        if (failure instanceof HttpResponseException response && response.getResponse() != null) {
            return "HTTP " + response.getResponse().getStatusCode();
        }
        return TransferFailures.connectionFailed("azure", failure);
    }
}
