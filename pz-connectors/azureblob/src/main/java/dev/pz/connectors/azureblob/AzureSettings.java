package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.Option;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One azureblob connection's credentials and endpoint. {@code auth} picks the form:
 * {@code connection_string} (any Azure connection string, SAS ones included), {@code account_key}
 * ({@code account_name} + {@code account_key}, assembled into a connection string), {@code sas}
 * ({@code sas_token} on the account's endpoint), or an Azure AD token on the account's endpoint
 * ({@code service_principal}, {@code managed_identity}, {@code credential_chain}; see
 * {@link AzureCredentials}). {@code endpoint} names a blob endpoint other than
 * {@code https://<account>.blob.core.windows.net} (Azurite, sovereign clouds).
 *
 * @param endpoint the blob service URL for {@code sas} and the token forms, or null
 * @param chain the token sources of {@code credential_chain}, in order
 */
record AzureSettings(String connection, AzureOptions.Auth auth, String connectionString, String endpoint,
        String sasToken, String tenantId, String clientId, String clientSecret, List<String> chain) {

    /**
     * The offline rules the declarations cannot state: the keys each {@code auth} needs, and a
     * connection string the SDK can read. One message per problem, never a value.
     */
    static List<String> problems(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        AzureOptions.Auth auth = config.get(AzureOptions.AUTH);
        for (Option<String> field : required(auth)) {
            if (!present(config, field)) {
                problems.add("azure '" + auth.word() + "' auth requires '" + field.name() + "'");
            }
        }
        if ((auth == AzureOptions.Auth.SAS || auth.token()) && !present(config, AzureOptions.ACCOUNT_NAME)
                && !present(config, AzureOptions.ENDPOINT)) {
            problems.add("azure '" + auth.word() + "' auth requires 'account_name' or 'endpoint'");
        }
        for (Option<String> field : List.of(AzureOptions.TENANT_ID, AzureOptions.CLIENT_SECRET, AzureOptions.CHAIN,
                AzureOptions.CLIENT_ID)) {
            if (present(config, field) && !usedBy(auth, field)) {
                problems.add("azure '" + field.name() + "' is not used by '" + auth.word() + "' auth -- remove it or"
                        + " choose the auth that takes it");
            }
        }
        if (problems.isEmpty()) {
            try {
                AzureClients.checkConnectionString(of(config));
            } catch (IllegalArgumentException e) {
                problems.add("azure '" + (auth == AzureOptions.Auth.CONNECTION_STRING ? "connection_string"
                        : "account_name") + "' is malformed: the Azure SDK cannot read it");
            }
        }
        return problems;
    }

    /** The settings of a connection that passed its declarations and {@link #problems}. */
    static AzureSettings of(ConnectorConfig config) {
        AzureOptions.Auth auth = config.get(AzureOptions.AUTH);
        String account = config.find(AzureOptions.ACCOUNT_NAME).map(String::strip).orElse(null);
        boolean ownEndpoint = present(config, AzureOptions.ENDPOINT);
        String endpoint = ownEndpoint ? serviceUrl(config.get(AzureOptions.ENDPOINT))
                : account == null ? null : "https://" + account + ".blob.core.windows.net";
        String connection = config.connection();
        return switch (auth) {
            case CONNECTION_STRING -> new AzureSettings(connection, auth,
                    config.get(AzureOptions.CONNECTION_STRING).strip(), null, null, null, null, null, List.of());
            case ACCOUNT_KEY -> new AzureSettings(connection, auth, "DefaultEndpointsProtocol=https;AccountName="
                    + account + ";AccountKey=" + config.get(AzureOptions.ACCOUNT_KEY).strip()
                    + (ownEndpoint ? ";BlobEndpoint=" + endpoint : ";EndpointSuffix=core.windows.net"), null, null,
                    null, null, null, List.of());
            case SAS -> new AzureSettings(connection, auth, null, endpoint, config.get(AzureOptions.SAS_TOKEN).strip(),
                    null, null, null, List.of());
            case SERVICE_PRINCIPAL, MANAGED_IDENTITY, CREDENTIAL_CHAIN -> new AzureSettings(connection, auth, null,
                    endpoint, null, text(config, AzureOptions.TENANT_ID), text(config, AzureOptions.CLIENT_ID),
                    text(config, AzureOptions.CLIENT_SECRET),
                    AzureCredentials.chain(config.find(AzureOptions.CHAIN).orElse(null)));
        };
    }

    private static String text(ConnectorConfig config, Option<String> option) {
        return config.find(option).filter(value -> !value.isBlank()).map(String::strip).orElse(null);
    }

    /** Whether {@code field}, one of the Azure AD keys, means something under {@code auth}. */
    private static boolean usedBy(AzureOptions.Auth auth, Option<String> field) {
        return switch (auth) {
            case SERVICE_PRINCIPAL -> field != AzureOptions.CHAIN;
            case MANAGED_IDENTITY -> field == AzureOptions.CLIENT_ID;
            case CREDENTIAL_CHAIN -> field == AzureOptions.CHAIN || field == AzureOptions.CLIENT_ID;
            case ACCOUNT_KEY, CONNECTION_STRING, SAS -> false;
        };
    }

    /** Whether {@code written} is an http(s) URL of a blob service. */
    static boolean validEndpoint(String written) {
        try {
            serviceUrl(written);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static List<Option<String>> required(AzureOptions.Auth auth) {
        return switch (auth) {
            case CONNECTION_STRING -> List.of(AzureOptions.CONNECTION_STRING);
            case ACCOUNT_KEY -> List.of(AzureOptions.ACCOUNT_NAME, AzureOptions.ACCOUNT_KEY);
            case SAS -> List.of(AzureOptions.SAS_TOKEN);
            case SERVICE_PRINCIPAL -> List.of(AzureOptions.TENANT_ID, AzureOptions.CLIENT_ID, AzureOptions.CLIENT_SECRET);
            case CREDENTIAL_CHAIN, MANAGED_IDENTITY -> List.of();
        };
    }

    private static boolean present(ConnectorConfig config, Option<String> option) {
        return config.find(option).filter(value -> !value.isBlank()).isPresent();
    }

    private static String serviceUrl(String written) {
        try {
            URI uri = new URI(written.strip());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (uri.getHost() == null || !(scheme.equals("http") || scheme.equals("https"))) {
                throw new IllegalArgumentException("expected an http(s) URL of the blob service");
            }
            String text = uri.toString();
            return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("expected an http(s) URL of the blob service", e);
        }
    }

    @Override
    public String toString() {
        // Records print every component; these hold credentials.
        return "AzureSettings[connection=" + connection + ", auth=" + auth.word() + "]";
    }
}
