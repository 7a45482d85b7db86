package dev.pz.connectors.sqlserver;

import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import java.util.List;
import java.util.Map;

/**
 * Every option the sqlserver connector accepts, in one place: the key users write, its type, its
 * default and its limits. Connection keys sit directly under the connection in connections.yml,
 * read options under an entity's {@code read:} (or as {@code source()} arguments), write options
 * under {@code write:} (or as {@code sink()} arguments).
 *
 * <p>No connection key is declared required: a connection is either the discrete keys
 * ({@code host} and {@code database} required) or one {@code connection_string}, and
 * {@link SqlServerConnectionSettings#problems} checks which.
 */
final class SqlServerOptions {

    static final String DEFAULT_APPLICATION_NAME = "pz";
    static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 15;
    static final int DEFAULT_COMMAND_TIMEOUT_SECONDS = 30;

    // Connection keys.
    static final Option<String> HOST = Option.string("host", "Host name or address of the server, optionally with"
            + " \\instance for a named instance. Required unless connection_string is given.");
    static final Option<Integer> PORT = Option.integer("port", "TCP port of the server. Default: 1433 (a named"
            + " instance needs none).").between(1, 65_535);
    static final Option<String> DATABASE = Option.string("database", "Database to connect to. Required unless"
            + " connection_string is given.");
    static final Option<String> USER = Option.string("user", "Login to connect as (SQL authentication, or the"
            + " identity of an Entra ID mode).");
    static final Option<String> PASSWORD = Option.string("password", "Password of the login.").secret();
    static final Option<String> AUTHENTICATION = Option.string("authentication", "The driver's authentication mode,"
            + " in any spelling of its documented names (e.g. SqlPassword, Active Directory Default).");
    static final Option<Boolean> ENCRYPT = Option.bool("encrypt", "Whether the session is encrypted. Default: the"
            + " driver's (true).");
    static final Option<Boolean> TRUST_SERVER_CERTIFICATE = Option.bool("trust_server_certificate", "Accept the"
            + " server's certificate without checking it (a development server's self-signed one).");
    static final Option<String> HOST_NAME_IN_CERTIFICATE = Option.string("host_name_in_certificate", "The host name"
            + " the server's certificate is checked against, when it differs from host.");
    static final Option<String> APPLICATION_NAME = Option.string("application_name", "The application name the"
            + " server shows for pz's sessions.").defaultValue(DEFAULT_APPLICATION_NAME);
    static final Option<Integer> CONNECT_TIMEOUT_SECONDS = Option.integer("connect_timeout_seconds",
            "Seconds to wait for a connection.").between(1, 3_600).defaultValue(DEFAULT_CONNECT_TIMEOUT_SECONDS);
    static final Option<Integer> COMMAND_TIMEOUT_SECONDS = Option.integer("command_timeout_seconds", "Seconds a"
            + " catalog probe or schema query may run; 0 waits forever. Reads, bulk copies and merges are not"
            + " bounded.").between(0, 86_400).defaultValue(DEFAULT_COMMAND_TIMEOUT_SECONDS);
    static final Option<String> CONNECTION_STRING = Option.string("connection_string", "The whole connection as"
            + " one string, in JDBC form (jdbc:sqlserver://…) or ADO.NET form (Server=…;Database=…;…), instead of the"
            + " separate keys.").secret();

    /** The keys that describe the server, database and login; a connection string replaces them all. */
    static final List<Option<?>> DISCRETE_CONNECTION_KEYS = List.of(HOST, PORT, DATABASE, USER, PASSWORD,
            AUTHENTICATION, ENCRYPT, TRUST_SERVER_CERTIFICATE, HOST_NAME_IN_CERTIFICATE, APPLICATION_NAME,
            CONNECT_TIMEOUT_SECONDS);

    // Read options. The columns: contract is not listed: pz passes it as DatasetSpec.columns.
    static final Option<String> QUERY = Option.string("query", "A select to read instead of the entity's table;"
            + " sent as written, so no column or predicate hint is pushed into it.");
    static final Option<String> PARTITION_COLUMN = Option.string("partition_column", "A numeric or temporal column"
            + " whose range is cut into 'partitions' slices read concurrently.");
    static final Option<Integer> PARTITIONS = Option.integer("partitions", "How many slices to read concurrently"
            + " when partition_column is set.").between(1, 16).defaultValue(1);

    static final Option<String> CAPTURE_INSTANCE = Option.string("capture_instance", "The change capture instance"
            + " a sync: {mode: cdc} read reads. Default: <schema>_<table>, as sp_cdc_enable_table names it.");

    // Write options.
    static final Option<Boolean> TABLOCK = Option.bool("tablock", "Take a table lock for the bulk load, which lets"
            + " the server log minimally into a heap and keeps other writers out.").defaultValue(true);
    static final Option<Integer> BATCH_SIZE = Option.integer("batch_size", "Rows per bulk-copy batch; 0 sends each"
            + " Arrow batch as one.").must("be a whole number of rows (0 = one batch per Arrow batch)",
                    rows -> rows >= 0).defaultValue(0);
    static final Option<Map<String, Object>> COLUMNS = Option.mapping("columns", "SQL Server types of the output's"
            + " columns in a table pz creates, e.g. {note: nvarchar(200)}; other text columns are sized from their"
            + " longest value.");

    static final OptionSet CONNECTION = OptionSet.of(HOST, PORT, DATABASE, USER, PASSWORD, AUTHENTICATION, ENCRYPT,
            TRUST_SERVER_CERTIFICATE, HOST_NAME_IN_CERTIFICATE, APPLICATION_NAME, CONNECT_TIMEOUT_SECONDS,
            COMMAND_TIMEOUT_SECONDS, CONNECTION_STRING);
    static final OptionSet READ = OptionSet.of(QUERY, PARTITION_COLUMN, PARTITIONS, CAPTURE_INSTANCE);
    static final OptionSet WRITE = OptionSet.of(TABLOCK, BATCH_SIZE, COLUMNS);

    private SqlServerOptions() {
    }
}
