package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.error.PzConnectorException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.security.cert.CertificateException;
import java.sql.SQLException;
import java.util.Map;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Failure messages, hints and the transient flag. */
class SqlServerErrorsTest {

    private static final SqlServerConnectionSettings SETTINGS = SqlServerConnectionSettings.of(new ConnectorConfig("mart",
            Map.of("host", "db.example.invalid", "port", 1433L, "database", "mart", "user", "u", "password", "pw-Secret")));

    private static SQLException server(int number, String message) {
        return new SQLException(message, "S0001", number);
    }

    @ParameterizedTest
    @ValueSource(ints = {1205, 1222, 1204, 40613, 40197, 40501, 49918, 49919, 49920, 10928, 10929, 4221, 10053, 10054,
        10060, 233, 64})
    void knownTransientServerErrorsAreTransient(int number) {
        assertThat(SqlServerErrors.isTransient(server(number, "x"))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(ints = {208, 207, 2627, 18456, 229, 4060, 102, 8152})
    void otherServerErrorsArePermanent(int number) {
        assertThat(SqlServerErrors.isTransient(server(number, "x"))).isFalse();
    }

    @Test
    void connectionFailuresTimeoutsAndIoAreTransient() {
        assertThat(SqlServerErrors.isTransient(new SQLException("The TCP/IP connection to the host h, port 1 has failed.",
                "08S01"))).isTrue();
        assertThat(SqlServerErrors.isTransient(new SQLException("The query has timed out.", "HY008"))).isTrue();
        assertThat(SqlServerErrors.isTransient(new SQLException("read failed", null, 0,
                new SocketTimeoutException("Read timed out")))).isTrue();
        assertThat(SqlServerErrors.isTransient(new RuntimeException(new IOException("broken pipe")))).isTrue();
    }

    @Test
    void aLoginFailureSaysWhatToCheckWithoutTheConnectionId() {
        SQLException failure = server(18_456, "Login failed for user 'u'. ClientConnectionId:5f3c2a1e-0000-4000-8000-00");
        assertThat(SqlServerErrors.describe(failure, SETTINGS)).isEqualTo("Login failed for user 'u'. -- hint: check "
                + "'user' and 'password' (or 'authentication'), and that the server accepts this kind of login");
        assertThat(SqlServerErrors.isTransient(failure)).isFalse();
    }

    @Test
    void anUnknownDatabaseNamesIt() {
        assertThat(SqlServerErrors.describe(server(4_060, "Cannot open database \"mart\" requested by the login. The "
                + "login failed."), SETTINGS)).endsWith("-- hint: check 'database': 'mart' does not exist on "
                        + "db.example.invalid:1433 or the login may not open it");
    }

    @Test
    void aMissingTableSaysHowEntitiesNameTables() {
        assertThat(SqlServerErrors.describe(server(208, "Invalid object name 'dbo.nope'."), SETTINGS))
                .isEqualTo("Invalid object name 'dbo.nope'. -- hint: the table or view does not exist in 'mart': check "
                        + "the entity name (<schema>.<table>, schema dbo when omitted) and that the login may see it");
    }

    @Test
    void aRefusedConnectionPointsAtHostPortAndFirewallWithoutTheDriversBoilerplate() {
        assertThat(SqlServerErrors.describe(new SQLException("The TCP/IP connection to the host db.example.invalid, port "
                + "1433 has failed. Error: \"Connection refused. Verify the connection properties. Make sure that an "
                + "instance of SQL Server is running on the host and accepting TCP/IP connections at the port. Make sure "
                + "that TCP connections to the port are not blocked by a firewall.\".", "08S01"), SETTINGS))
                .isEqualTo("The TCP/IP connection to the host db.example.invalid, port 1433 has failed. Error: "
                        + "\"Connection refused\". -- hint: check host and port, that SQL Server accepts TCP/IP "
                        + "connections there and that no firewall blocks the port");
    }

    @Test
    void aHostThatDoesNotResolveSaysSo() {
        for (String error : new String[] {"db.example.invalid", "db.example.invalid: Name or service not known",
            "db.example.invalid: Temporary failure in name resolution"}) {
            SQLException failure = new SQLException("The TCP/IP connection to the host db.example.invalid, port 1433 has "
                    + "failed. Error: \"" + error + ". Verify the connection properties. Make sure that ...\".", "08S01");
            assertThat(SqlServerErrors.describe(failure, SETTINGS)).as(error).isEqualTo("The TCP/IP connection to the host "
                    + "db.example.invalid, port 1433 has failed. Error: \"" + error + "\". -- hint: check 'host': the "
                    + "name does not resolve from this machine");
        }
        assertThat(SqlServerErrors.describe(new SQLException("x", "08S01", 0,
                new java.net.UnknownHostException("h")), SETTINGS)).endsWith("-- hint: check 'host': the name does not "
                        + "resolve from this machine");
    }

    @Test
    void tlsAndCertificateProblemsArePermanentAndHinted() {
        SQLException pkix = new SQLException("\"encrypt\" property is set to \"true\" and \"trustServerCertificate\" "
                + "property is set to \"false\" but the driver could not establish a secure connection to SQL Server by "
                + "using Secure Sockets Layer (SSL) encryption: Error: PKIX path building failed.", "08S01", 0,
                new SSLHandshakeException("PKIX path building failed"));
        assertThat(SqlServerErrors.isTls(pkix)).isTrue();
        assertThat(SqlServerErrors.isTransient(pkix)).isFalse();
        assertThat(SqlServerErrors.describe(pkix, SETTINGS)).contains("-- hint: the server's TLS certificate was not "
                + "accepted: install its CA certificate in the JVM trust store, set host_name_in_certificate when the "
                + "certificate names another host, or for a development server with a self-signed certificate set "
                + "trust_server_certificate: true");
        assertThat(SqlServerErrors.isTls(new SQLException("x", "08S01", 0, new CertificateException("expired")))).isTrue();
        assertThat(SqlServerErrors.isTls(server(18_456, "Login failed"))).isFalse();
    }

    @Test
    void valuesTooLongForTheirColumnGetTheSizingHint() {
        for (SQLException failure : new SQLException[] {server(4_815, "Received an invalid column length from the bcp "
                + "client for colid 2."), server(2_628, "String or binary data would be truncated in table 'dbo.t'."),
            server(8_152, "String or binary data would be truncated."), new SQLException("The given value of type "
                    + "NVARCHAR(12) from the data source cannot be converted to type nvarchar(4) of the specified target "
                    + "column note.")}) {
            assertThat(SqlServerErrors.describe(failure, SETTINGS)).as(failure.getMessage())
                    .endsWith("-- hint: " + SqlServerErrors.TRUNCATION_HINT);
        }
        assertThat(SqlServerErrors.describe(server(547, "The INSERT statement conflicted with the FOREIGN KEY "
                + "constraint."), SETTINGS)).doesNotContain("hint");
    }

    @Test
    void wrappedFailuresNameTheContextAndNeverThePassword() {
        PzConnectorException wrapped = SqlServerErrors.wrap("output 'dbo.t': sqlserver bulk write failed",
                server(1_205, "Transaction was deadlocked; pw-Secret shown by a careless trigger"), SETTINGS);
        assertThat(wrapped.getMessage()).isEqualTo("output 'dbo.t': sqlserver bulk write failed: Transaction was "
                + "deadlocked; *** shown by a careless trigger");
        assertThat(wrapped.isTransient()).isTrue();
        PzConnectorException own = new PzConnectorException("mine", false);
        assertThat(SqlServerErrors.wrap("ctx", own, SETTINGS)).isSameAs(own);
        assertThat(SqlServerErrors.describe(new SQLException((String) null), null)).isEqualTo("SQLException");
    }
}
