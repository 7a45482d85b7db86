package dev.pz.connectors.azureblob;

import dev.pz.connectors.api.OptionSchema;
import dev.pz.connectors.api.OptionSchema.OptionType;
import dev.pz.connectors.api.paths.PartitionColumns;
import dev.pz.connectors.files.FormatOptions;
import java.util.List;
import java.util.Set;

/** Every option the azureblob connector accepts, with its shape, in one place. */
final class AzureOptions {

    static final String AUTH = "auth";
    static final String CONNECTION_STRING = "connection_string";
    static final String ACCOUNT_NAME = "account_name";
    static final String ACCOUNT_KEY = "account_key";
    static final String SAS_TOKEN = "sas_token";
    static final String ENDPOINT = "endpoint";
    static final String TENANT_ID = "tenant_id";
    static final String CLIENT_ID = "client_id";
    static final String CLIENT_SECRET = "client_secret";
    static final String CHAIN = "chain";

    static final String SCHEME = "scheme";
    static final String CONTAINER = "container";
    static final String PATH = "path";
    static final String FILES_PER_PARTITION = "files_per_partition";

    /** The {@code auth:} values of this build, then the ones it refuses (they need Azure AD token credentials). */
    static final List<String> AUTHS = List.of("account_key", "connection_string", "sas");
    static final List<String> TOKEN_AUTHS = List.of("credential_chain", "managed_identity", "service_principal");

    /** The keys whose values pz never prints. */
    static final Set<String> SECRETS = Set.of(CONNECTION_STRING, ACCOUNT_KEY, SAS_TOKEN, CLIENT_SECRET);

    private AzureOptions() {
    }

    static OptionSchema connection() {
        return OptionSchema.builder()
                .optional(AUTH, OptionType.STRING)
                .optional(CONNECTION_STRING, OptionType.STRING)
                .optional(ACCOUNT_NAME, OptionType.STRING)
                .optional(ACCOUNT_KEY, OptionType.STRING)
                .optional(SAS_TOKEN, OptionType.STRING)
                .optional(ENDPOINT, OptionType.STRING)
                .optional(TENANT_ID, OptionType.STRING)
                .optional(CLIENT_ID, OptionType.STRING)
                .optional(CLIENT_SECRET, OptionType.STRING)
                .optional(CHAIN, OptionType.STRING)
                .build();
    }

    /** {@code files_per_partition} is accepted only so the planner can refuse it with PZ0312 (reads are native). */
    static OptionSchema read() {
        return FormatOptions.declare(location()).optional(FILES_PER_PARTITION, OptionType.ANY).build();
    }

    static OptionSchema write() {
        return FormatOptions.declare(location())
                .optional(FormatOptions.COMPRESSION, OptionType.STRING)
                .optional(PartitionColumns.OPTION, OptionType.STRING_OR_LIST)
                .build();
    }

    private static OptionSchema.Builder location() {
        return OptionSchema.builder().optional(SCHEME, OptionType.STRING).optional(CONTAINER, OptionType.STRING)
                .optional(PATH, OptionType.STRING);
    }

}
