package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ConnectorFactory;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * The connector's declared surface, and its behaviour against a loopback port where no server
 * listens: the real driver fails to connect, and every message says why without the password.
 */
class SqlServerConnectorTest {

    private static final String PASSWORD = "pw-Never-Printed";
    private static final Connector CONNECTOR = new SqlServerConnector();

    @Test
    void registeredThroughServiceLoaderAsSqlserver() {
        List<String> names = ServiceLoader.load(ConnectorFactory.class).stream().map(ServiceLoader.Provider::get)
                .map(ConnectorFactory::name).toList();
        assertThat(names).contains("sqlserver");
        assertThat(new SqlServerConnectorFactory().create().name()).isEqualTo("sqlserver");
        assertThat(CONNECTOR.version()).isEqualTo("0.1.0");
    }

    @Test
    void capabilitiesAreTheImplementedOnes() {
        assertThat(CONNECTOR.capabilities()).isEqualTo(EnumSet.of(ConnectorCapability.COLUMN_PRUNING,
                ConnectorCapability.PREDICATE_PUSHDOWN, ConnectorCapability.PARTITIONED_READ, ConnectorCapability.MERGE,
                ConnectorCapability.REPLACE_WRITES, ConnectorCapability.BOUNDED_WINDOW,
                ConnectorCapability.INCLUSIVE_WATERMARK_BOUND, ConnectorCapability.TEXT_LENGTH_STATS,
                ConnectorCapability.CHANGE_CAPTURE, ConnectorCapability.APPLY_DELETES));
    }

    @Test
    void optionsAndSecretsAreDeclared() {
        assertThat(CONNECTOR.connectionOptions().names()).containsExactlyInAnyOrder("host", "port", "database", "user",
                "password", "authentication", "encrypt", "trust_server_certificate", "host_name_in_certificate",
                "application_name", "connect_timeout_seconds", "command_timeout_seconds", "connection_string");
        assertThat(CONNECTOR.connectionOptions().find("port").orElseThrow().type()).isEqualTo(Option.Type.INTEGER);
        assertThat(CONNECTOR.connectionOptions().find("encrypt").orElseThrow().type()).isEqualTo(Option.Type.BOOLEAN);
        assertThat(CONNECTOR.connectionOptions().options()).noneMatch(Option::isRequired);
        assertThat(CONNECTOR.readOptions().names()).containsExactlyInAnyOrder("query", "partition_column", "partitions",
                "capture_instance");
        assertThat(CONNECTOR.writeOptions().names()).containsExactlyInAnyOrder("tablock", "batch_size", "columns");
        assertThat(CONNECTOR.writeOptions().find("columns").orElseThrow().type()).isEqualTo(Option.Type.MAPPING);
        assertThat(CONNECTOR.connectionOptions().secretNames()).containsExactlyInAnyOrder("password", "connection_string");
    }

    @Test
    void validateIsOfflineAndReportsEveryProblem() {
        assertThat(CONNECTOR.validate(new ConnectorConfig("mart", Map.of("host", "h", "database", "d")))).isEmpty();
        assertThat(CONNECTOR.connectionOptions().check(Map.of("port", 70_000L), Set.of()))
                .extracting(OptionProblem::message).containsExactly("'port' must be between 1 and 65535 (got 70000)");
        assertThat(CONNECTOR.validate(new ConnectorConfig("mart", Map.of("port", 1433L)))).hasSize(2);
    }

    @Test
    void theProbeOfAClosedPortIsATransientFailureWithAHintAndNoPassword() throws IOException {
        ConnectionCheck check = CONNECTOR.checkConnection(closedPort());
        assertThat(check.ok()).isFalse();
        assertThat(check.message()).startsWith("transient: The TCP/IP connection to the host 127.0.0.1, port ")
                .contains("-- hint: check host and port").doesNotContain(PASSWORD);
    }

    @Test
    void aConfigurationProblemFailsTheProbePermanently() {
        ConnectionCheck check = CONNECTOR.checkConnection(new ConnectorConfig("mart", Map.of("database", "d")));
        assertThat(check.ok()).isFalse();
        assertThat(check.message()).isEqualTo("permanent: connection 'mart': 'host' is required (or give a "
                + "'connection_string')");
    }

    @Test
    void readsAgainstAnUnreachableServerFailTransientlyWithoutThePassword() throws IOException {
        try (Source source = CONNECTOR.openSource(closedPort()).orElseThrow()) {
            DatasetSpec spec = DatasetSpec.of("mart", "dbo.orders", Map.of(), null);
            assertThatThrownBy(() -> source.schema(spec)).isInstanceOf(PzConnectorException.class)
                    .hasMessageStartingWith("dataset 'dbo.orders': schema query failed: The TCP/IP connection")
                    .hasMessageNotContaining(PASSWORD).matches(e -> ((PzConnectorException) e).isTransient());
            assertThatThrownBy(() -> source.planRead(spec, ReadHints.none()))
                    .hasMessageStartingWith("dataset 'dbo.orders': sqlserver read failed: ");
            assertThat(source.nativeScan(spec)).isEmpty();
        }
    }

    @Test
    void aWriteChecksTheRequestBeforeConnecting() throws IOException {
        Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)),
                Field.nullable("note", ArrowType.Utf8.INSTANCE)));
        try (Sink sink = CONNECTOR.openSink(closedPort()).orElseThrow()) {
            assertThat(sink.nativeCopy(output(WriteStrategy.APPEND, List.of(), Map.of()))).isEmpty();
            assertThatThrownBy(() -> sink.beginWrite(output(WriteStrategy.MERGE, List.of("id", "tenant"), Map.of()), schema))
                    .hasMessage("output 'dbo.t': merge key column(s) [tenant] are not present in the write schema");
            assertThatThrownBy(() -> sink.beginWrite(output(WriteStrategy.APPEND, List.of(), Map.of("tablock", "sideways")),
                    schema)).hasMessage("output 'dbo.t': 'tablock' must be true or false (got 'sideways')");
            assertThatThrownBy(() -> sink.beginWrite(output(WriteStrategy.APPEND, List.of(), Map.of("columns",
                    Map.of("note", "text"))), schema)).hasMessageStartingWith("output 'dbo.t': column 'note': 'text' is "
                            + "not a type the sink declares");
            Schema reserved = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true)),
                    Field.nullable("__pz_seq", new ArrowType.Int(64, true))));
            assertThatThrownBy(() -> sink.beginWrite(output(WriteStrategy.MERGE, List.of("id"), Map.of()), reserved))
                    .hasMessage("output 'dbo.t': column name '__pz_seq' is reserved by the sqlserver sink's merge "
                            + "staging -- hint: rename the column in the pipeline SQL");
            OutputSpec evolve = new OutputSpec("mart", "dbo.t", WriteStrategy.APPEND, SchemaPolicy.EVOLVE, Map.of(), List.of(), null);
            assertThatThrownBy(() -> sink.beginWrite(evolve, schema)).hasMessageContaining("schema_policy 'evolve'");
            assertThatThrownBy(() -> sink.beginWrite(output(WriteStrategy.APPEND, List.of(), Map.of()), schema))
                    .isInstanceOf(PzConnectorException.class)
                    .hasMessageStartingWith("output 'dbo.t': sqlserver sink open failed: The TCP/IP connection")
                    .hasMessageNotContaining(PASSWORD);
        }
    }

    private static OutputSpec output(WriteStrategy strategy, List<String> keys, Map<String, Object> options) {
        return new OutputSpec("mart", "dbo.t", strategy, SchemaPolicy.FAIL_ON_CHANGE, options, keys, null);
    }

    /** A loopback port nobody listens on (bound, read, released). */
    private static ConnectorConfig closedPort() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("host", "127.0.0.1");
        values.put("port", (long) port);
        values.put("database", "mart");
        values.put("user", "loader");
        values.put("password", PASSWORD);
        values.put("connect_timeout_seconds", 3L);
        return new ConnectorConfig("mart", values);
    }
}
