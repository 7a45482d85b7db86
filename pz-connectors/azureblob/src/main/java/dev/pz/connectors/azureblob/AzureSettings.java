package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.Option;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One azureblob connection's credentials and endpoint. {@code auth} picks the form:
 * {@code connection_string} (any Azure connection string, SAS ones included), {@code account_key}
 * ({@code account_name} + {@code account_key}, assembled into a connection string) or {@code sas}
 * ({@code sas_token} on the account's endpoint). {@code endpoint} names a blob endpoint other than
 * {@code https://<account>.blob.core.windows.net} (Azurite, sovereign clouds). The Azure AD token
 * forms are refused: this build ships no token credentials.
 *
 * @param endpoint the blob service URL for {@code sas}, or null
 */
record AzureSettings(String connection, AzureOptions.Auth auth, String connectionString, String endpoint,
        String sasToken) {

    /**
     * The offline rules the declarations cannot state: the keys each {@code auth} needs, and a
     * connection string the SDK can read. One message per problem, never a value.
     */
    static List<String> problems(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        AzureOptions.Auth auth = config.get(AzureOptions.AUTH);
        if (!auth.supported()) {
            problems.add("azure 'auth: " + auth.word() + "' needs Azure AD token credentials, which this build does"
                    + " not include -- use auth: " + String.join(", ", Arrays.stream(AzureOptions.Auth.values())
                            .filter(AzureOptions.Auth::supported).map(AzureOptions.Auth::word).toList()));
            return problems;
        }
        for (Option<String> field : required(auth)) {
            if (!present(config, field)) {
                problems.add("azure '" + auth.word() + "' auth requires '" + field.name() + "'");
            }
        }
        if (auth == AzureOptions.Auth.SAS && !present(config, AzureOptions.ACCOUNT_NAME)
                && !present(config, AzureOptions.ENDPOINT)) {
            problems.add("azure 'sas' auth requires 'account_name' or 'endpoint'");
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
        return switch (auth) {
            case CONNECTION_STRING -> new AzureSettings(config.connection(), auth,
                    config.get(AzureOptions.CONNECTION_STRING).strip(), null, null);
            case ACCOUNT_KEY -> new AzureSettings(config.connection(), auth, "DefaultEndpointsProtocol=https;AccountName="
                    + account + ";AccountKey=" + config.get(AzureOptions.ACCOUNT_KEY).strip()
                    + (ownEndpoint ? ";BlobEndpoint=" + endpoint : ";EndpointSuffix=core.windows.net"), null, null);
            case SAS -> new AzureSettings(config.connection(), auth, null, endpoint,
                    config.get(AzureOptions.SAS_TOKEN).strip());
            case SERVICE_PRINCIPAL, CREDENTIAL_CHAIN, MANAGED_IDENTITY -> throw new IllegalStateException(
                    "auth '" + auth.word() + "' is refused by validation");
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
            case SERVICE_PRINCIPAL, CREDENTIAL_CHAIN, MANAGED_IDENTITY -> List.of();
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
