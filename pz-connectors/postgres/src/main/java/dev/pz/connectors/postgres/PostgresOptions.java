package dev.pz.connectors.postgres;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;

/** Every option postgres accepts. Strategy, keys and schema policy are pz's own write keys. */
final class PostgresOptions {

    static final Option<String> HOST = Option.string("host", "Host name or address of the server.")
            .must("not be blank", text -> !text.isBlank()).required();
    static final Option<Integer> PORT = Option.integer("port", "TCP port of the server.").between(1, 65_535)
            .defaultValue(5432);
    static final Option<String> DATABASE = Option.string("database", "Database to connect to.")
            .must("not be blank", text -> !text.isBlank()).required();
    static final Option<String> USER = Option.string("user", "Role to connect as. Default: the driver's.");
    static final Option<String> PASSWORD = Option.string("password", "Password of the role.").secret();
    static final Option<SslMode> SSL_MODE = Option.choice("ssl_mode", "Whether and how to use TLS, as Npgsql"
            + " names its modes (verify-full and verify_full are accepted too).", SslMode.class)
            .defaultValue(SslMode.PREFER);
    static final Option<Integer> CONNECT_TIMEOUT_SECONDS = Option.integer("connect_timeout_seconds",
            "Seconds to wait for a connection.").between(1, 3_600).defaultValue(15);
    static final Option<Integer> COMMAND_TIMEOUT_SECONDS = Option.integer("command_timeout_seconds",
            "Seconds a command may run before the server cancels it; 0 waits forever. COPY streams are not"
                    + " bounded.").between(0, 86_400).defaultValue(30);

    static final Option<String> QUERY = Option.string("query", "A select to read instead of the entity's table;"
            + " run verbatim, so no column or predicate hint is pushed into it.");
    static final Option<String> PARTITION_COLUMN = Option.string("partition_column", "A numeric or temporal column"
            + " whose range is cut into 'partitions' slices read concurrently.");
    static final Option<Integer> PARTITIONS = Option.integer("partitions", "How many slices to read concurrently"
            + " when partition_column is set.").between(1, 16).defaultValue(1);

    static final Option<String> PUBLICATION = Option.string("publication", "The publication a cdc read streams"
            + " the table's changes through. Default: pz_<connection>.").must("not be blank", text -> !text.isBlank());
    static final Option<String> POLL_IDLE_TIMEOUT = Option.string("poll_idle_timeout", "How long a cdc read waits"
            + " for the next change before it stops short of the log position it aimed at, e.g. 5s, 500ms, 1m."
            + " Default: 5s.").must("be a duration such as 5s, 500ms or 1m", text -> PostgresOptions.duration(text) != null);

    static final OptionSet CONNECTION = OptionSet.of(HOST, PORT, DATABASE, USER, PASSWORD, SSL_MODE,
            CONNECT_TIMEOUT_SECONDS, COMMAND_TIMEOUT_SECONDS);
    static final OptionSet READ = OptionSet.of(QUERY, PARTITION_COLUMN, PARTITIONS, PUBLICATION, POLL_IDLE_TIMEOUT);
    static final java.time.Duration DEFAULT_POLL_IDLE_TIMEOUT = java.time.Duration.ofSeconds(5);

    private PostgresOptions() {
    }

    /** {@code <n>ms}, {@code <n>s} or {@code <n>m} (n a positive integer), or null for anything else. */
    static java.time.Duration duration(String text) {
        java.util.regex.Matcher match = java.util.regex.Pattern.compile("(\\d{1,9})(ms|s|m)").matcher(text.strip());
        if (!match.matches() || Long.parseLong(match.group(1)) == 0) {
            return null;
        }
        long amount = Long.parseLong(match.group(1));
        return switch (match.group(2)) {
            case "ms" -> java.time.Duration.ofMillis(amount);
            case "s" -> java.time.Duration.ofSeconds(amount);
            default -> java.time.Duration.ofMinutes(amount);
        };
    }

    /** Npgsql's SslMode names and the pgjdbc {@code sslmode} each means. */
    enum SslMode implements Choice {
        DISABLE("Disable", "disable"), ALLOW("Allow", "allow"), PREFER("Prefer", "prefer"), REQUIRE("Require", "require"),
        VERIFY_CA("VerifyCA", "verify-ca"), VERIFY_FULL("VerifyFull", "verify-full");

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

        /** The value of pgjdbc's {@code sslmode} property. */
        String driverValue() {
            return driverValue;
        }
    }
}
