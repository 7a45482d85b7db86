package dev.pz.connectors.azureblob;

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

    static BlobServiceClient create(AzureSettings settings) {
        BlobServiceClientBuilder builder = new BlobServiceClientBuilder()
                .httpClient(new JdkHttpClientBuilder().connectionTimeout(CONNECT_TIMEOUT).build())
                .retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Integer) null, null, null, null));
        if (settings.connectionString() != null) {
            builder.connectionString(settings.connectionString());
        } else {
            builder.endpoint(settings.endpoint()).sasToken(settings.sasToken());
        }
        return builder.buildClient();
    }

    /** Parses the connection string offline; throws {@link IllegalArgumentException} when the SDK cannot read it. */
    static void checkConnectionString(AzureSettings settings) {
        if (settings.connectionString() != null) {
            new BlobServiceClientBuilder().connectionString(settings.connectionString());
        }
    }
}
