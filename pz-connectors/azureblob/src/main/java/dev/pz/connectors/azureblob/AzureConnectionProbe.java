package dev.pz.connectors.azureblob;

import com.azure.core.credential.TokenCredential;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobStorageException;
import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.error.PzConnectorException;

/**
 * {@code pz validate --connect} for azureblob: the account's service properties prove the endpoint
 * and a key. A SAS token or an Azure AD token (fetched first) proves itself by listing containers:
 * one scoped below the account, or a role on a single container, may not (403, other than a refused
 * credential), and then each dataset's schema peek, which lists and reads its container, is the proof.
 */
final class AzureConnectionProbe {

    private AzureConnectionProbe() {
    }

    static ConnectionCheck check(AzureSettings settings) {
        TokenCredential token = null;
        if (settings.auth().token()) {
            try {
                token = AzureCredentials.resolved(settings, AzureCredentials.credential(settings,
                        AzureClients.httpClient()));
            } catch (PzConnectorException e) {
                return ConnectionCheck.failed("permanent: " + e.getMessage());
            }
        }
        BlobServiceClient client = AzureClients.create(settings, token);
        try {
            if (!scoped(settings)) {
                client.getProperties();
            } else {
                client.listBlobContainers().iterator().hasNext();
            }
            return ConnectionCheck.passed();
        } catch (BlobStorageException e) {
            String code = e.getErrorCode() == null ? "" : e.getErrorCode().toString();
            if (scoped(settings) && e.getStatusCode() == 403 && !code.equals("AuthenticationFailed")
                    && !code.equals("InvalidAuthenticationInfo")) {
                return new ConnectionCheck(true, "the " + (settings.sasToken() != null ? "SAS token" : "identity")
                        + " cannot list the account's containers (" + code
                        + "); each dataset's container is checked when its schema is read");
            }
            return failed(e);
        } catch (RuntimeException e) {
            return failed(e);
        }
    }

    /** Whether the credential may be limited to part of the account (a SAS, an Azure AD role). */
    private static boolean scoped(AzureSettings settings) {
        return settings.sasToken() != null || settings.auth().token();
    }

    private static ConnectionCheck failed(RuntimeException e) {
        return ConnectionCheck.failed((AzureFailures.isTransient(e) ? "transient: " : "permanent: ") + "azure account: "
                + AzureFailures.reason(e));
    }
}
