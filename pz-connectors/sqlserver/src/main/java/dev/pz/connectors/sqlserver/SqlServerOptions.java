package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.OptionSchema;
import dev.pz.connectors.api.OptionSchema.OptionType;
import java.util.List;
import java.util.Set;

/**
 * Every option the sqlserver connector accepts, in one place: the key users write, its shape, its
 * default and its limits. Connection keys sit directly under the connection in connections.yml,
 * read options under an entity's {@code read:} (or as {@code source()} arguments), write options
 * under {@code write:} (or as {@code sink()} arguments).
 *
 * <p>No connection key is marked required in the schema: a connection is either the discrete keys
 * ({@code host} and {@code database} required) or one {@code connection_string}, and
 * {@link SqlServerConnectionSettings#problems} checks which.
 */
final class SqlServerOptions {

    // Connection keys.
    static final String HOST = "host";
    static final String PORT = "port";
    static final String DATABASE = "database";
    static final String USER = "user";
    static final String PASSWORD = "password";
    static final String AUTHENTICATION = "authentication";
    static final String ENCRYPT = "encrypt";
    static final String TRUST_SERVER_CERTIFICATE = "trust_server_certificate";
    static final String HOST_NAME_IN_CERTIFICATE = "host_name_in_certificate";
    static final String APPLICATION_NAME = "application_name";
    static final String CONNECT_TIMEOUT_SECONDS = "connect_timeout_seconds";
    static final String COMMAND_TIMEOUT_SECONDS = "command_timeout_seconds";
    static final String CONNECTION_STRING = "connection_string";

    static final int DEFAULT_PORT = 1433;
    static final String DEFAULT_APPLICATION_NAME = "pz";
    static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 15;
    static final int MAX_CONNECT_TIMEOUT_SECONDS = 3_600;
    static final int DEFAULT_COMMAND_TIMEOUT_SECONDS = 30;
    static final int MAX_COMMAND_TIMEOUT_SECONDS = 86_400;

    /** The keys that describe the server, database and login; a connection string replaces them all. */
    static final List<String> DISCRETE_CONNECTION_KEYS = List.of(HOST, PORT, DATABASE, USER, PASSWORD,
            AUTHENTICATION, ENCRYPT, TRUST_SERVER_CERTIFICATE, HOST_NAME_IN_CERTIFICATE, APPLICATION_NAME,
            CONNECT_TIMEOUT_SECONDS);

    /** Keys whose values pz never prints. */
    static final Set<String> SECRET_KEYS = Set.of(PASSWORD, CONNECTION_STRING);

    // Read options.
    static final String QUERY = "query";
    static final String PARTITION_COLUMN = "partition_column";
    static final String PARTITIONS = "partitions";
    static final int MAX_PARTITIONS = 16;

    // Write options.
    static final String TABLOCK = "tablock";
    static final String BATCH_SIZE = "batch_size";
    static final String COLUMNS = "columns";
    static final boolean DEFAULT_TABLOCK = true;
    /** Rows per bulk-copy batch; 0 sends each Arrow batch as one. */
    static final int DEFAULT_BATCH_SIZE = 0;

    private SqlServerOptions() {
    }

    static OptionSchema connection() {
        return OptionSchema.builder()
                .optional(HOST, OptionType.STRING)
                .optional(PORT, OptionType.INTEGER)
                .optional(DATABASE, OptionType.STRING)
                .optional(USER, OptionType.STRING)
                .optional(PASSWORD, OptionType.STRING)
                .optional(AUTHENTICATION, OptionType.STRING)
                .optional(ENCRYPT, OptionType.BOOLEAN)
                .optional(TRUST_SERVER_CERTIFICATE, OptionType.BOOLEAN)
                .optional(HOST_NAME_IN_CERTIFICATE, OptionType.STRING)
                .optional(APPLICATION_NAME, OptionType.STRING)
                .optional(CONNECT_TIMEOUT_SECONDS, OptionType.INTEGER)
                .optional(COMMAND_TIMEOUT_SECONDS, OptionType.INTEGER)
                .optional(CONNECTION_STRING, OptionType.STRING)
                .build();
    }

    /** The {@code columns:} contract is not listed: pz passes it as {@code DatasetSpec.columns}. */
    static OptionSchema read() {
        return OptionSchema.builder()
                .optional(QUERY, OptionType.STRING)
                .optional(PARTITION_COLUMN, OptionType.STRING)
                .optional(PARTITIONS, OptionType.INTEGER)
                .build();
    }

    /** {@code columns} here maps output columns to the SQL Server types a created table gets. */
    static OptionSchema write() {
        return OptionSchema.builder()
                .optional(TABLOCK, OptionType.BOOLEAN)
                .optional(BATCH_SIZE, OptionType.INTEGER)
                .optional(COLUMNS, OptionType.MAP)
                .build();
    }
}
