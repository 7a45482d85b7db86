package dev.pz.connectors.mysql;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;

/** Every option mysql accepts. Strategy, keys and schema policy are pz's own write keys. */
final class MysqlOptions {

    static final Option<String> HOST = Option.string("host", "Host name or address of the server.")
            .must("not be blank", text -> !text.isBlank()).required();
    static final Option<Integer> PORT = Option.integer("port", "TCP port of the server.").between(1, 65_535)
            .defaultValue(3306);
    static final Option<String> DATABASE = Option.string("database", "Database (schema) whose tables the entities"
            + " name.").must("not be blank", text -> !text.isBlank()).required();
    static final Option<String> USER = Option.string("user", "User to connect as.");
    static final Option<String> PASSWORD = Option.string("password", "Password of the user.").secret();
    static final Option<SslMode> SSL_MODE = Option.choice("ssl_mode", "Whether and how to use TLS, as MySQL names"
            + " its modes.", SslMode.class).defaultValue(SslMode.DISABLED);
    static final Option<Integer> CONNECT_TIMEOUT_SECONDS = Option.integer("connect_timeout_seconds",
            "Seconds to wait for a connection.").between(1, 3_600).defaultValue(15);

    static final Option<String> QUERY = Option.string("query", "A MySQL select to read instead of the entity's"
            + " table; the columns read and the watermark bounds apply to its result.");
    static final Option<String> PARTITION_COLUMN = Option.string("partition_column", "A numeric or temporal column"
            + " whose range is cut into 'partitions' slices read concurrently.");
    static final Option<Integer> PARTITIONS = Option.integer("partitions", "How many slices to read concurrently"
            + " when partition_column is set.").between(1, 16).defaultValue(1);

    static final OptionSet CONNECTION = OptionSet.of(HOST, PORT, DATABASE, USER, PASSWORD, SSL_MODE,
            CONNECT_TIMEOUT_SECONDS);
    static final OptionSet READ = OptionSet.of(QUERY, PARTITION_COLUMN, PARTITIONS);

    private MysqlOptions() {
    }

    /**
     * MySQL's TLS modes and the MariaDB driver's {@code sslMode} each means. PREFERRED (TLS when the
     * server offers it, else plain) has no equivalent in the driver, so it is not accepted.
     */
    enum SslMode implements Choice {
        DISABLED("disabled", "disable"), REQUIRED("required", "trust"), VERIFY_CA("verify_ca", "verify-ca"),
        VERIFY_IDENTITY("verify_identity", "verify-full");

        private final String word;
        private final String driverValue;

        SslMode(String word, String driverValue) {
            this.word = word;
            this.driverValue = driverValue;
        }

        @Override
        public String word() {
            return word;
        }

        String driverValue() {
            return driverValue;
        }
    }
}
