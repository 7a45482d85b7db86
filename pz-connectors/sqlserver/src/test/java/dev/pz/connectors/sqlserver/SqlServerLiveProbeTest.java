package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import org.junit.jupiter.api.Test;

/**
 * The {@code pz validate --connect} probe against a live SQL Server (skipped where none runs, see
 * {@link SqlServerTestServer}): what each misconfiguration a user makes reads like.
 */
class SqlServerLiveProbeTest {

    private final SqlServerConnector connector = new SqlServerConnector();

    @Test
    void aWorkingConnectionPasses() {
        assertThat(connector.checkConnection(SqlServerTestServer.config())).isEqualTo(ConnectionCheck.passed());
    }

    @Test
    void aWrongPasswordIsAPermanentLoginFailureThatNeverShowsThePassword() {
        String wrong = "Wrong-Password-" + System.nanoTime();
        ConnectionCheck check = connector.checkConnection(SqlServerTestServer.config("password", wrong));
        assertThat(check.ok()).isFalse();
        assertThat(check.message()).startsWith("permanent: Login failed for user")
                .contains("-- hint: check 'user' and 'password'").doesNotContain(wrong).doesNotContain("ClientConnectionId");
    }

    @Test
    void anUnknownDatabaseIsNamedWithAHint() {
        ConnectionCheck check = connector.checkConnection(SqlServerTestServer.config("database", "pz_no_such_db"));
        assertThat(check.ok()).isFalse();
        assertThat(check.message()).contains("pz_no_such_db").contains("-- hint: check 'database'");
    }

    @Test
    void anUntrustedCertificateIsAPermanentTlsFailureWithAHint() {
        ConnectorConfig strict = SqlServerTestServer.config("encrypt", true, "trust_server_certificate", false);
        ConnectionCheck check = connector.checkConnection(strict);
        if (check.ok()) {
            // A server whose certificate this JVM trusts has nothing to show here.
            return;
        }
        assertThat(check.message()).startsWith("permanent: ").contains("-- hint: the server's TLS certificate was not "
                + "accepted");
    }

    @Test
    void theConnectionStringFormConnectsToo() {
        SqlServerTestServer.Endpoint server = SqlServerTestServer.endpoint();
        String text = "Server=tcp:" + server.host() + "," + server.port() + ";Database=" + server.database() + ";User ID="
                + server.user() + ";Password=\"" + server.password().replace("\"", "\"\"") + "\";TrustServerCertificate="
                + server.trustCertificate();
        assertThat(connector.checkConnection(new ConnectorConfig("ms", java.util.Map.of("connection_string", text))))
                .isEqualTo(ConnectionCheck.passed());
    }
}
