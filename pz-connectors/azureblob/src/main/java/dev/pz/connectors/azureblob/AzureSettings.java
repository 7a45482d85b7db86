package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.ConnectorConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
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
record AzureSettings(String connection, String auth, String connectionString, String endpoint, String sasToken) {

    /** Offline checks of a connection's values; one message per problem, never a value. */
    static List<String> problems(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        String auth = config.string(AzureOptions.AUTH).map(value -> value.strip().toLowerCase(Locale.ROOT)).orElse(null);
        String accepted = String.join(", ", AzureOptions.AUTHS);
        if (auth == null) {
            problems.add("azure connection requires 'auth' (one of: " + accepted + ")");
            return problems;
        }
        if (AzureOptions.TOKEN_AUTHS.contains(auth)) {
            problems.add("azure 'auth: " + auth + "' needs Azure AD token credentials, which this build does not"
                    + " include -- use auth: " + String.join(", ", AzureOptions.AUTHS));
            return problems;
        }
        if (!AzureOptions.AUTHS.contains(auth)) {
            problems.add("azure connection 'auth' must be one of " + accepted + " (got '" + auth + "')");
            return problems;
        }
        for (String field : required(auth)) {
            if (config.string(field).filter(value -> !value.isBlank()).isEmpty()) {
                problems.add("azure '" + auth + "' auth requires '" + field + "'");
            }
        }
        if (auth.equals("sas") && config.string(AzureOptions.ACCOUNT_NAME).isEmpty()
                && config.string(AzureOptions.ENDPOINT).isEmpty()) {
            problems.add("azure 'sas' auth requires 'account_name' or 'endpoint'");
        }
        if (!problems.isEmpty()) {
            return problems;
        }
        if (config.string(AzureOptions.ENDPOINT).isPresent()) {
            try {
                serviceUrl(config.string(AzureOptions.ENDPOINT).orElseThrow());
            } catch (IllegalArgumentException e) {
                problems.add("azure 'endpoint' is malformed: " + e.getMessage());
            }
        }
        if (problems.isEmpty()) {
            try {
                AzureClients.checkConnectionString(of(config));
            } catch (IllegalArgumentException e) {
                problems.add("azure '" + (auth.equals("connection_string") ? "connection_string" : "account_name")
                        + "' is malformed: the Azure SDK cannot read it");
            }
        }
        return problems;
    }

    /** The settings of a connection that passed {@link #problems}. */
    static AzureSettings of(ConnectorConfig config) {
        String auth = config.string(AzureOptions.AUTH).orElseThrow().strip().toLowerCase(Locale.ROOT);
        String account = config.string(AzureOptions.ACCOUNT_NAME).map(String::strip).orElse(null);
        String endpoint = config.string(AzureOptions.ENDPOINT).map(AzureSettings::serviceUrl)
                .orElse(account == null ? null : "https://" + account + ".blob.core.windows.net");
        return switch (auth) {
            case "connection_string" -> new AzureSettings(config.connection(), auth,
                    config.string(AzureOptions.CONNECTION_STRING).orElseThrow().strip(), null, null);
            case "account_key" -> new AzureSettings(config.connection(), auth, "DefaultEndpointsProtocol=https;AccountName="
                    + account + ";AccountKey=" + config.string(AzureOptions.ACCOUNT_KEY).orElseThrow().strip()
                    + (config.string(AzureOptions.ENDPOINT).isPresent() ? ";BlobEndpoint=" + endpoint
                            : ";EndpointSuffix=core.windows.net"), null, null);
            case "sas" -> new AzureSettings(config.connection(), auth, null, endpoint,
                    config.string(AzureOptions.SAS_TOKEN).orElseThrow().strip());
            default -> throw new IllegalStateException("auth '" + auth + "' passed validation");
        };
    }

    private static List<String> required(String auth) {
        return switch (auth) {
            case "connection_string" -> List.of(AzureOptions.CONNECTION_STRING);
            case "account_key" -> List.of(AzureOptions.ACCOUNT_NAME, AzureOptions.ACCOUNT_KEY);
            case "sas" -> List.of(AzureOptions.SAS_TOKEN);
            default -> List.of();
        };
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
        return "AzureSettings[connection=" + connection + ", auth=" + auth + "]";
    }
}
