package dev.pz.connectors.azureblob;

import com.azure.core.credential.TokenCredential;
import com.azure.core.http.HttpClient;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import java.time.Duration;

/**
 * Builds the Azure SDK client of one connection; the only class that configures the SDK: the JDK's
 * HttpClient transport (no Netty), and one try per request (a transient failure fails the node and
 * pz's retry policy decides).
 */
final class AzureClients {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private AzureClients() {
    }

    /**
     * A client of the connection's account.
     *
     * @param token the Azure AD credential of the token {@code auth} forms (see {@link AzureCredentials}),
     *     null for the others
     */
    static BlobServiceClient create(AzureSettings settings, TokenCredential token) {
        BlobServiceClientBuilder builder = new BlobServiceClientBuilder().httpClient(httpClient())
                .retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null));
        if (settings.connectionString() != null) {
            builder.connectionString(settings.connectionString());
        } else if (token != null) {
            builder.endpoint(settings.endpoint()).credential(token);
        } else {
            builder.endpoint(settings.endpoint()).sasToken(settings.sasToken());
        }
        return builder.buildClient();
    }

    /** The transport of the blob client and of the token requests. */
    static HttpClient httpClient() {
        return new JdkHttpClientBuilder().connectionTimeout(CONNECT_TIMEOUT).build();
    }

    /** Parses the connection string offline; throws {@link IllegalArgumentException} when the SDK cannot read it. */
    static void checkConnectionString(AzureSettings settings) {
        if (settings.connectionString() != null) {
            new BlobServiceClientBuilder().connectionString(settings.connectionString());
        }
    }
}
