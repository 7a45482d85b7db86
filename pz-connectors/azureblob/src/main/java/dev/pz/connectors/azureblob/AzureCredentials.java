package dev.pz.connectors.azureblob;

import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;
import com.azure.core.http.HttpClient;
import com.azure.core.util.Configuration;
import com.azure.identity.AzureAuthorityHosts;
import com.azure.identity.AzureCliCredentialBuilder;
import com.azure.identity.ChainedTokenCredentialBuilder;
import com.azure.identity.ClientSecretCredentialBuilder;
import com.azure.identity.DefaultAzureCredentialBuilder;
import com.azure.identity.EnvironmentCredentialBuilder;
import com.azure.identity.ManagedIdentityCredentialBuilder;
import com.azure.identity.WorkloadIdentityCredentialBuilder;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The Azure AD (Entra ID) token of one azureblob connection, for the {@code auth} forms that use one:
 * <ul>
 * <li>{@code service_principal}: the application's client secret ({@code tenant_id}, {@code client_id},
 * {@code client_secret});</li>
 * <li>{@code managed_identity}: the VM's, App Service's or container's identity ({@code client_id} picks a
 * user-assigned one);</li>
 * <li>{@code credential_chain}: the sources {@code chain} names, in order; by default the Azure SDK's own
 * chain (environment, workload identity, managed identity, Azure CLI, …).</li>
 * </ul>
 * The authority is Azure's public cloud, or {@code AZURE_AUTHORITY_HOST} (sovereign clouds, Azure
 * Stack). A token is fetched once before any transfer, so that a refused or missing identity fails as
 * itself, permanent and with the next step, rather than as a storage error; an unreachable token
 * endpoint is transient. Messages never hold a secret.
 */
final class AzureCredentials {

    /** The scope of a token for Azure Storage. */
    static final String STORAGE_SCOPE = "https://storage.azure.com/.default";
    private static final Set<String> AZURE_CLOUDS = Set.of(AzureAuthorityHosts.AZURE_PUBLIC_CLOUD,
            AzureAuthorityHosts.AZURE_CHINA, AzureAuthorityHosts.AZURE_GOVERNMENT);
    private static final int MAX_REASON = 300;

    private AzureCredentials() {
    }

    /** A token source of {@code chain}. */
    enum Source {
        ENV, WORKLOAD_IDENTITY, MANAGED_IDENTITY, CLI, DEFAULT;

        static Source of(String word) {
            return valueOf(word.strip().toUpperCase(Locale.ROOT));
        }
    }

    /** Whether {@code written} is sources separated by {@code ;}. */
    static boolean validChain(String written) {
        try {
            return !chain(written).isEmpty();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The sources of {@code chain}, in order; {@code default} when none is written. */
    static List<String> chain(String written) {
        if (written == null || written.isBlank()) {
            return List.of(Source.DEFAULT.name().toLowerCase(Locale.ROOT));
        }
        return Arrays.stream(written.split(";")).filter(word -> !word.isBlank())
                .map(word -> Source.of(word).name().toLowerCase(Locale.ROOT)).toList();
    }

    /** The connection's token credential, over {@code http}; nothing is fetched yet. */
    static TokenCredential credential(AzureSettings settings, HttpClient http) {
        return switch (settings.auth()) {
            case SERVICE_PRINCIPAL -> {
                ClientSecretCredentialBuilder builder = new ClientSecretCredentialBuilder().httpClient(http)
                        .tenantId(settings.tenantId()).clientId(settings.clientId())
                        .clientSecret(settings.clientSecret());
                if (customAuthority()) {
                    // Microsoft's instance list knows only its own clouds' hosts.
                    builder.disableInstanceDiscovery();
                }
                yield builder.build();
            }
            case MANAGED_IDENTITY -> managedIdentity(settings, http);
            case CREDENTIAL_CHAIN -> {
                ChainedTokenCredentialBuilder chain = new ChainedTokenCredentialBuilder();
                settings.chain().forEach(word -> chain.addLast(source(Source.of(word), settings, http)));
                yield chain.build();
            }
            case ACCOUNT_KEY, CONNECTION_STRING, SAS -> throw new IllegalArgumentException(
                    "auth '" + settings.auth().word() + "' takes no token");
        };
    }

    /**
     * Fetches a storage token once.
     *
     * @throws PzConnectorException a permanent failure that names the auth form and the next step
     */
    static TokenCredential resolved(AzureSettings settings, TokenCredential credential) {
        try {
            credential.getTokenSync(new TokenRequestContext().addScopes(STORAGE_SCOPE));
            return credential;
        } catch (RuntimeException e) {
            // The run's console shows the message only: it carries the next step too.
            String message = unavailable(settings, e) + " -- " + hint(settings);
            if (unreachable(e)) {
                throw new PzConnectorException(PzCode.NODE_FAILED, message, true, null, e);
            }
            throw new PzConnectorException(PzCode.NODE_FAILED, message, hint(settings));
        }
    }

    /** Whether the token endpoint could not be reached: a retry may cure that. */
    private static boolean unreachable(Throwable failure) {
        Throwable cause = failure;
        while (cause != null && !(cause instanceof SocketException || cause instanceof SocketTimeoutException)) {
            cause = cause.getCause() == cause ? null : cause.getCause();
        }
        return cause != null;
    }

    /** {@code azure connection 'c': no Azure AD token from '<auth>' auth: <reason>}. */
    static String unavailable(AzureSettings settings, RuntimeException failure) {
        return "azure connection '" + settings.connection() + "': no Azure AD token from '" + settings.auth().word()
                + "' auth: " + reason(failure);
    }

    /** What the user does next, for the auth form. */
    static String hint(AzureSettings settings) {
        return switch (settings.auth()) {
            case SERVICE_PRINCIPAL -> "check tenant_id, client_id and client_secret (an expired secret is renewed"
                    + " under the app registration's Certificates & secrets), and that the app has a Storage Blob"
                    + " Data role on the account";
            case MANAGED_IDENTITY -> "run pz where a managed identity is assigned (VM, App Service, Container Apps,"
                    + " AKS), with client_id naming a user-assigned one";
            default -> "give one of the chain's sources (" + String.join(";", settings.chain()) + ") an identity:"
                    + " AZURE_CLIENT_ID + AZURE_TENANT_ID + AZURE_CLIENT_SECRET, AKS workload identity"
                    + " (AZURE_FEDERATED_TOKEN_FILE), a managed identity, or `az login`";
        };
    }

    private static TokenCredential source(Source source, AzureSettings settings, HttpClient http) {
        return switch (source) {
            case ENV -> new EnvironmentCredentialBuilder().httpClient(http).build();
            case WORKLOAD_IDENTITY -> new WorkloadIdentityCredentialBuilder().httpClient(http).build();
            case MANAGED_IDENTITY -> managedIdentity(settings, http);
            case CLI -> new AzureCliCredentialBuilder().build();
            case DEFAULT -> {
                DefaultAzureCredentialBuilder builder = new DefaultAzureCredentialBuilder().httpClient(http);
                if (settings.clientId() != null) {
                    builder.managedIdentityClientId(settings.clientId());
                }
                yield builder.build();
            }
        };
    }

    private static TokenCredential managedIdentity(AzureSettings settings, HttpClient http) {
        ManagedIdentityCredentialBuilder builder = new ManagedIdentityCredentialBuilder().httpClient(http);
        if (settings.clientId() != null) {
            builder.clientId(settings.clientId());
        }
        return builder.build();
    }

    private static boolean customAuthority() {
        String host = Configuration.getGlobalConfiguration().get(Configuration.PROPERTY_AZURE_AUTHORITY_HOST);
        return host != null && !host.isBlank() && !AZURE_CLOUDS.contains(host.endsWith("/") ? host : host + "/");
    }

    /** The identity library's reason, shortened; it names the source, never a secret. */
    private static String reason(RuntimeException failure) {
        String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        String line = message.lines().findFirst().orElse(message).strip();
        return line.length() <= MAX_REASON ? line : line.substring(0, MAX_REASON) + " …";
    }
}
