package dev.pz.connectors.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ConnectorFactory;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The connection probe, the option declarations and failure messages: a failed
 * check says whether retrying can help, names what is wrong, and never shows the password — not
 * in the message, the exception text, its stack trace, nor any {@code toString}.
 */
class PostgresConnectivityTest {

    private final Connector connector = new PostgresConnector();

    @Test
    void factoryIsFoundByServiceLoaderWithTheSpecCapabilities() {
        Connector found = ServiceLoader.load(ConnectorFactory.class).stream().map(ServiceLoader.Provider::get)
                .filter(factory -> factory.name().equals("postgres")).findFirst().orElseThrow().create();
        assertThat(found.name()).isEqualTo("postgres");
        assertThat(found.capabilities()).containsExactlyInAnyOrder(ConnectorCapability.COLUMN_PRUNING,
                ConnectorCapability.PREDICATE_PUSHDOWN, ConnectorCapability.PARTITIONED_READ, ConnectorCapability.MERGE,
                ConnectorCapability.REPLACE_WRITES, ConnectorCapability.BOUNDED_WINDOW,
                ConnectorCapability.INCLUSIVE_WATERMARK_BOUND, ConnectorCapability.CHANGE_CAPTURE,
                ConnectorCapability.APPLY_DELETES);
        assertThat(found.connectionOptions().secretNames()).containsExactly("password");
        assertThat(found.connectionOptions().names()).containsExactly("host", "port", "database", "user", "password",
                "ssl_mode", "connect_timeout_seconds", "command_timeout_seconds");
        assertThat(found.readOptions().names()).containsExactly("query", "partition_column", "partitions", "publication",
                "poll_idle_timeout");
        assertThat(found.writeOptions().isEmpty()).isTrue();
    }

    @Test
    void checkPassesAgainstTheServer() {
        assertThat(connector.checkConnection(PostgresTestServer.config())).isEqualTo(ConnectionCheck.passed());
    }

    @Test
    void wrongPasswordIsPermanentAndNeverShowsThePassword() throws Exception {
        PostgresTestServer.Endpoint role = PostgresTestServer.passwordEndpoint();
        String wrong = role.password() + "-Wrong";
        ConnectorConfig config = PostgresTestServer.config("user", role.user(), "password", wrong);
        assertThat(connector.checkConnection(PostgresTestServer.config("user", role.user(), "password",
                role.password()))).isEqualTo(ConnectionCheck.passed());

        ConnectionCheck check = connector.checkConnection(config);

        assertThat(check.ok()).isFalse();
        assertThat(check.message()).startsWith("permanent: ").contains("password authentication failed")
                .contains(role.user()).doesNotContain(wrong).doesNotContain(role.password());
        PzConnectorException read = catchConnectorFailure(() -> connector.openSource(config).orElseThrow()
                .schema(DatasetSpec.of("pg", "t", Map.of(), null)));
        assertThat(read.isTransient()).isFalse();
        assertThat(read.getMessage()).startsWith("dataset 't': schema query failed: password authentication failed");
        assertThat(fullText(read)).doesNotContain(role.password());
        PzConnectorException write = catchConnectorFailure(() -> connector.openSink(config).orElseThrow()
                .beginWrite(PostgresTestData.output("t", WriteStrategy.APPEND), PostgresTestData.schema()));
        assertThat(fullText(write)).contains("password authentication failed").doesNotContain(role.password());
    }

    @Test
    void unknownHostIsNamedAndTransient() {
        ConnectorConfig config = PostgresTestServer.config("host", "pz-no-such-host.invalid", "password", "S3cret-value");
        ConnectionCheck check = connector.checkConnection(config);
        assertThat(check.message()).startsWith("transient: unknown host 'pz-no-such-host.invalid'")
                .doesNotContain("S3cret-value");
    }

    @Test
    void refusedPortIsTransient() {
        ConnectionCheck check = connector.checkConnection(PostgresTestServer.config("host", "127.0.0.1", "port", 1L,
                "password", "S3cret-value"));
        assertThat(check.message()).startsWith("transient: ").contains("127.0.0.1:1").contains("refused")
                .doesNotContain("S3cret-value");
    }

    @Test
    void missingDatabaseIsPermanent() {
        ConnectionCheck check = connector.checkConnection(PostgresTestServer.config("database", "pz_no_such_db"));
        assertThat(check.message()).isEqualTo("permanent: database \"pz_no_such_db\" does not exist");
    }

    @Test
    void invalidSettingsAreReportedOfflineAndByTheCheck() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("database", "db");
        values.put("port", 0L);
        values.put("ssl_mode", "sometimes");
        values.put("connect_timeout_seconds", "soon");
        values.put("password", "S3cret-value");
        ConnectorConfig config = new ConnectorConfig("pg", values);

        assertThat(connector.connectionOptions().check(config.options(), Set.of())).extracting(OptionProblem::message)
                .containsExactly("'host' is required", "'port' must be between 1 and 65535 (got 0)",
                        "'ssl_mode' must be one of Disable, Allow, Prefer, Require, VerifyCA, VerifyFull (got 'sometimes')",
                        "'connect_timeout_seconds' must be an integer (got 'soon')");
        assertThat(connector.checkConnection(config).message()).startsWith("permanent: connection 'pg': 'host' is required");
        assertThatThrownBy(() -> connector.openSource(config)).isInstanceOfSatisfying(PzConnectorException.class,
                e -> assertThat(e.code()).contains(PzCode.CONNECTOR_CONFIG_INVALID));
        for (String mode : List.of("VerifyFull", "verify-full", "verify_full", "DISABLE")) {
            assertThat(connector.connectionOptions().check(PostgresTestServer.config("ssl_mode", mode).options(),
                    Set.of(ConnectorConfig.BASE_DIR))).as(mode).isEmpty();
        }
    }

    @Test
    void settingsNeverPrintThePassword() {
        PostgresConnectionSettings settings = PostgresConnectionSettings.of(PostgresTestServer.config("password",
                "S3cret-value"));
        assertThat(settings.toString()).contains("password=***").doesNotContain("S3cret-value");
        assertThat(settings.scrub("echo S3cret-value back")).isEqualTo("echo *** back");
        assertThat(new PostgresPartition("p", "d", new PostgresSessions(settings), null, List.of(), "select 1").toString())
                .doesNotContain("S3cret-value");
    }

    private static PzConnectorException catchConnectorFailure(Runnable action) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(action::run);
        assertThat(thrown).isInstanceOf(PzConnectorException.class);
        return (PzConnectorException) thrown;
    }

    private static String fullText(Throwable failure) {
        StringWriter text = new StringWriter();
        failure.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
