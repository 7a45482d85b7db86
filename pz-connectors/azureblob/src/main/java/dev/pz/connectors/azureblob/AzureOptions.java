package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.RemoteRead;
import dev.pz.connectors.files.remote.RemoteSource;
import dev.pz.connectors.files.remote.RemoteWrite;
import java.util.Locale;

/**
 * Every option the azureblob connector accepts. The format options are the file-place connectors'
 * own ({@link FormatOptions}); azureblob writes the formats DuckDB handles (csv, tsv, json, parquet)
 * and reads those, plus xlsx and avro through pz's own readers in the run's spool. Which credential keys an {@code auth} needs is checked by {@link AzureSettings#problems}.
 */
final class AzureOptions {

    static final Option<Auth> AUTH = Option.choice("auth", "How pz authenticates: account_key (account_name +"
            + " account_key), connection_string, sas (sas_token), or an Azure AD (Entra ID) token: service_principal"
            + " (tenant_id + client_id + client_secret), managed_identity (optional client_id), credential_chain"
            + " (optional chain). Token forms need account_name or endpoint.", Auth.class).required();
    static final Option<String> CONNECTION_STRING = Option.string("connection_string", "An Azure Storage connection"
            + " string (auth: connection_string), SAS ones included.").secret();
    static final Option<String> ACCOUNT_NAME = Option.string("account_name", "The storage account (auth: account_key;"
            + " sas and the token forms without endpoint).");
    static final Option<String> ACCOUNT_KEY = Option.string("account_key", "The account's shared key (auth:"
            + " account_key).").secret();
    static final Option<String> SAS_TOKEN = Option.string("sas_token", "A shared access signature (auth: sas).")
            .secret();
    static final Option<String> ENDPOINT = Option.string("endpoint", "The blob service URL, when it is not"
            + " https://<account>.blob.core.windows.net (Azurite, sovereign clouds).")
            .must("be an http(s) URL of the blob service", AzureSettings::validEndpoint);
    static final Option<String> TENANT_ID = Option.string("tenant_id", "Azure AD tenant id (auth:"
            + " service_principal).");
    static final Option<String> CLIENT_ID = Option.string("client_id", "Azure AD application (client) id (auth:"
            + " service_principal), or the user-assigned identity's client id (auth: managed_identity).");
    static final Option<String> CLIENT_SECRET = Option.string("client_secret", "The application's client secret"
            + " (auth: service_principal).").secret();
    static final Option<String> CHAIN = Option.string("chain", "The token sources credential_chain tries, in order,"
            + " separated by ';': env (AZURE_CLIENT_ID, AZURE_TENANT_ID, AZURE_CLIENT_SECRET …), workload_identity"
            + " (AKS: AZURE_FEDERATED_TOKEN_FILE), managed_identity, cli (az login), default (the Azure SDK's"
            + " default chain). Default: default.")
            .must("be sources from env, workload_identity, managed_identity, cli, default separated by ';'",
                    AzureCredentials::validChain);

    static final Option<Scheme> SCHEME = Option.choice("scheme", "How plans and messages name the blobs: az (also"
            + " written azure) or abfss for ADLS Gen2 accounts; the blob endpoint serves both.", Scheme.class)
            .defaultValue(Scheme.AZ);
    static final Option<String> READ_CONTAINER = Option.string("container", "The container of the blobs.")
            .required();
    static final Option<String> WRITE_CONTAINER = Option.string("container", "The container the blob is written"
            + " to.").required();
    static final Option<String> READ_PATH = Option.string("path", "The blob name: one name, a glob (* within a"
            + " segment, ** across) or a calendar template ({yyyy}/{MM}/{dd}/…).").required();
    static final Option<String> WRITE_PATH = Option.string("path", "The name prefix the blob goes under; with"
            + " partition_by, a folder template with calendar tokens.");

    static final Option<FileFormat> READ_FORMAT = FormatOptions.formatOption("File format of the blobs (xlsx and avro are"
            + " read by pz itself).", RemoteRead.FORMATS, FileFormat.PARQUET);
    static final Option<FileFormat> WRITE_FORMAT = FormatOptions.formatOption("File format of the blob written.",
            RemoteWrite.FORMATS, null);

    static final OptionSet CONNECTION = OptionSet.of(AUTH, CONNECTION_STRING, ACCOUNT_NAME, ACCOUNT_KEY, SAS_TOKEN,
            ENDPOINT, TENANT_ID, CLIENT_ID, CLIENT_SECRET, CHAIN);
    static final OptionSet READ = OptionSet.of(SCHEME, READ_CONTAINER, READ_PATH, READ_FORMAT,
            FormatOptions.DELIMITER, FormatOptions.LAYOUT, FormatOptions.SHEET, FormatOptions.HEADER,
            RemoteSource.FILES_PER_PARTITION);
    static final OptionSet WRITE = OptionSet.of(SCHEME, WRITE_CONTAINER, WRITE_PATH, WRITE_FORMAT,
            FormatOptions.DELIMITER, FormatOptions.LAYOUT, FormatOptions.COMPRESSION);

    private AzureOptions() {
    }

    /** The {@code auth:} forms: three with storage keys or signatures, three with Azure AD tokens. */
    enum Auth implements Choice {
        ACCOUNT_KEY(false), CONNECTION_STRING(false), SAS(false), SERVICE_PRINCIPAL(true), CREDENTIAL_CHAIN(true),
        MANAGED_IDENTITY(true);

        private final boolean token;

        Auth(boolean token) {
            this.token = token;
        }

        /** Whether the form signs requests with an Azure AD bearer token. */
        boolean token() {
            return token;
        }

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How blobs are named: {@code az://container/key} or {@code abfss://container/key}. */
    enum Scheme implements Choice {
        AZ, ABFSS;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** {@code azure} is another spelling of {@code az}. */
        @Override
        public boolean matches(String written) {
            return Choice.super.matches(written) || this == AZ && written != null
                    && written.strip().equalsIgnoreCase("azure");
        }
    }
}
