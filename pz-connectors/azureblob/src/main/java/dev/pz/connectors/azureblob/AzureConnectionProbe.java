package dev.pz.connectors.azureblob;

import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.models.BlobStorageException;
import dev.pz.connectors.api.ConnectionCheck;

/**
 * {@code pz validate --connect} for azureblob: the account's service properties prove the endpoint
 * and the credentials. A SAS token proves itself by listing containers; one scoped below the account
 * may not (403, other than a refused signature), and then each dataset's schema peek, which lists
 * and reads its container, is the proof.
 */
final class AzureConnectionProbe {

    private AzureConnectionProbe() {
    }

    static ConnectionCheck check(AzureSettings settings) {
        BlobServiceClient client = AzureClients.create(settings);
        try {
            if (settings.sasToken() == null) {
                client.getProperties();
            } else {
                client.listBlobContainers().iterator().hasNext();
            }
            return ConnectionCheck.passed();
        } catch (BlobStorageException e) {
            String code = e.getErrorCode() == null ? "" : e.getErrorCode().toString();
            if (settings.sasToken() != null && e.getStatusCode() == 403 && !code.equals("AuthenticationFailed")) {
                return new ConnectionCheck(true, "the SAS token cannot list the account's containers (" + code
                        + "); each dataset's container is checked when its schema is read");
            }
            return failed(e);
        } catch (RuntimeException e) {
            return failed(e);
        }
    }

    private static ConnectionCheck failed(RuntimeException e) {
        return ConnectionCheck.failed((AzureFailures.isTransient(e) ? "transient: " : "permanent: ") + "azure account: "
                + AzureFailures.reason(e));
    }
}
