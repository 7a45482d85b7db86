package dev.pz.connectors.sqlserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Connection keys and connection strings to driver properties, offline: what each key sets, what
 * is refused, and that neither the password nor the connection string is ever printed.
 */
class SqlServerConnectionSettingsTest {

    private static final String PASSWORD = "S3cret!pw";

    private static ConnectorConfig config(Object... keysAndValues) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(ConnectorConfig.BASE_DIR, "/tmp/project");
        for (int i = 0; i < keysAndValues.length; i += 2) {
            values.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return new ConnectorConfig("mart", values);
    }

    private static Properties properties(Object... keysAndValues) {
        return SqlServerConnectionSettings.of(config(keysAndValues)).driverProperties();
    }

    @Test
    void theKeysBecomeDriverPropertiesWithPzsDefaults() {
        Properties properties = properties("host", "srv", "port", 14330L, "database", "db", "user", "u", "password",
                PASSWORD);
        assertThat(properties).containsEntry("serverName", "srv").containsEntry("portNumber", "14330")
                .containsEntry("databaseName", "db").containsEntry("user", "u").containsEntry("password", PASSWORD)
                .containsEntry("applicationName", "pz").containsEntry("loginTimeout", "15")
                .containsEntry("sendTemporalDataTypesAsStringForBulkCopy", "true")
                .doesNotContainKeys("encrypt", "trustServerCertificate", "instanceName", "authentication");
        SqlServerConnectionSettings settings = SqlServerConnectionSettings.of(config("host", "srv", "port", 14330L,
                "database", "db"));
        assertThat(settings.server()).isEqualTo("srv:14330");
        assertThat(settings.database()).isEqualTo("db");
        assertThat(settings.url()).isEqualTo("jdbc:sqlserver://");
    }

    @Test
    void aNamedInstanceIsTheHostsSuffixAndNeedsNoPort() {
        assertThat(properties("host", "srv\\inst", "database", "db")).containsEntry("serverName", "srv")
                .containsEntry("instanceName", "inst").doesNotContainKey("portNumber");
    }

    @Test
    void encryptionTrustAndTimeoutsAreTaken() {
        assertThat(properties("host", "h", "database", "d", "encrypt", false, "trust_server_certificate", true,
                "host_name_in_certificate", "*.database.windows.net", "connect_timeout_seconds", 5L,
                "application_name", "nightly")).containsEntry("encrypt", "false")
                .containsEntry("trustServerCertificate", "true")
                .containsEntry("hostNameInCertificate", "*.database.windows.net").containsEntry("loginTimeout", "5")
                .containsEntry("applicationName", "nightly");
        assertThat(properties("host", "h", "database", "d", "encrypt", "TRUE")).containsEntry("encrypt", "true");
    }

    @Test
    void authenticationTakesTheDocumentedNamesInAnySpelling() {
        assertThat(properties("host", "h", "database", "d", "authentication", "Sql Password"))
                .containsEntry("authentication", "SqlPassword");
        assertThat(SqlServerAuthentication.parse("Active Directory Default"))
                .contains(SqlServerAuthentication.ACTIVE_DIRECTORY_DEFAULT);
        assertThat(SqlServerAuthentication.parse("ActiveDirectoryManagedIdentity"))
                .contains(SqlServerAuthentication.ACTIVE_DIRECTORY_MANAGED_IDENTITY);
        assertThat(SqlServerAuthentication.parse("active-directory-msi"))
                .contains(SqlServerAuthentication.ACTIVE_DIRECTORY_MANAGED_IDENTITY);
        assertThat(SqlServerAuthentication.parse("Active Directory Service Principal"))
                .contains(SqlServerAuthentication.ACTIVE_DIRECTORY_SERVICE_PRINCIPAL);
        assertThat(SqlServerAuthentication.parse("Bogus Mode")).isEmpty();
    }

    @Test
    void anUnknownAuthenticationIsRefusedNamingTheKey() {
        assertThat(SqlServerConnectionSettings.problems(config("host", "srv", "database", "db", "authentication",
                "Bogus Mode"))).containsExactly("sqlserver connection 'authentication' value "
                        + "'Bogus Mode' is not recognized by the SQL Server driver -- hint: use a documented mode such as "
                        + "'Active Directory Default'");
    }

    @Test
    void entraModesThatNeedALibraryThisBuildLacksAreRefusedBeforeARun() {
        assertThat(SqlServerAuthentication.ACTIVE_DIRECTORY_DEFAULT.missingLibrary())
                .contains("com.azure:azure-identity");
        assertThat(SqlServerAuthentication.SQL_PASSWORD.missingLibrary()).isEmpty();
        assertThat(SqlServerConnectionSettings.problems(config("host", "myserver.database.windows.net", "database",
                "mart", "authentication", "Active Directory Managed Identity", "user",
                "11111111-2222-3333-4444-555555555555"))).containsExactly("authentication "
                        + "'ActiveDirectoryManagedIdentity' needs com.azure:azure-identity, which this build of pz does not "
                        + "include -- hint: use SQL authentication (user and password) or a build that bundles "
                        + "com.azure:azure-identity");
    }

    @Test
    void missingAndOutOfRangeValuesAreEachReported() {
        assertThat(SqlServerOptions.CONNECTION.check(config("port", 0L, "connect_timeout_seconds", "soon",
                "command_timeout_seconds", 90_000L, "encrypt", "maybe").options(), Set.of(ConnectorConfig.BASE_DIR)))
                .extracting(OptionProblem::message).containsExactly(
                        "'port' must be between 1 and 65535 (got 0)",
                        "'encrypt' must be true or false (got 'maybe')",
                        "'connect_timeout_seconds' must be an integer (got 'soon')",
                        "'command_timeout_seconds' must be between 0 and 86400 (got 90000)");
        assertThat(SqlServerConnectionSettings.problems(config("port", 1433L, "encrypt", true))).containsExactly(
                "'host' is required (or give a 'connection_string')",
                "'database' is required (or give a 'connection_string')");
        assertThat(SqlServerConnectionSettings.problems(config("host", "srv,1433", "database", "db")))
                .containsExactly("'host' must be a host name or address, optionally with \\instance, "
                        + "got 'srv,1433' -- hint: put the port in 'port'");
        assertThatThrownBy(() -> SqlServerConnectionSettings.of(config("database", "db")))
                .isInstanceOf(PzConnectorException.class).hasMessageContaining("'host' is required")
                .matches(e -> !((PzConnectorException) e).isTransient());
    }

    @Test
    void anAdoNetConnectionStringAsTheAzurePortalPrintsItIsTranslated() {
        String azure = "Server=tcp:myserver.database.windows.net,1433;Initial Catalog=mart;Persist Security Info=False;"
                + "User ID=loader;Password=" + PASSWORD + ";MultipleActiveResultSets=False;Encrypt=True;"
                + "TrustServerCertificate=False;Connection Timeout=30;";
        SqlServerConnectionSettings settings = SqlServerConnectionSettings.of(config("connection_string", azure));
        assertThat(settings.driverProperties()).containsEntry("serverName", "myserver.database.windows.net")
                .containsEntry("portNumber", "1433").containsEntry("databaseName", "mart")
                .containsEntry("user", "loader").containsEntry("password", PASSWORD).containsEntry("encrypt", "true")
                .containsEntry("trustServerCertificate", "false").containsEntry("loginTimeout", "30")
                .containsEntry("applicationName", "pz").containsEntry("sendTemporalDataTypesAsStringForBulkCopy", "true");
        assertThat(settings.server()).isEqualTo("myserver.database.windows.net:1433");
        assertThat(settings.url()).isEqualTo("jdbc:sqlserver://");
    }

    @Test
    void adoNetServerFormsAndKeywordsMapOneToOne() {
        Properties local = SqlServerConnectionSettings.of(config("connection_string",
                "Data Source=(local)\\SQLEXPRESS;Database=db;UID=u;PWD=p;App=etl;Encrypt=strict;Command Timeout=120;"
                        + "MultiSubnetFailover=yes;ApplicationIntent=ReadOnly;Authentication=Sql Password"))
                .driverProperties();
        assertThat(local).containsEntry("serverName", "localhost").containsEntry("instanceName", "SQLEXPRESS")
                .containsEntry("databaseName", "db").containsEntry("user", "u").containsEntry("password", "p")
                .containsEntry("applicationName", "etl").containsEntry("encrypt", "strict")
                .containsEntry("multiSubnetFailover", "true").containsEntry("applicationIntent", "ReadOnly")
                .containsEntry("authentication", "SqlPassword");
    }

    @Test
    void adoNetProblemsNameTheKeywordButNeverTheValue() {
        List<String> problems = SqlServerConnectionSettings.problems(config("connection_string",
                "Server=np:\\\\.\\pipe\\sql;Password=" + PASSWORD + ";Frobnicate=" + PASSWORD
                        + ";Integrated Security=SSPI;Encrypt=" + PASSWORD));
        assertThat(problems).containsExactly(
                "'connection_string' Server uses a protocol other than TCP, which the SQL Server JDBC "
                        + "driver cannot use -- hint: write Server=tcp:<host>,<port>",
                "'connection_string' keyword 'frobnicate' is not recognized -- hint: use Server, "
                        + "Database, User ID, Password, Authentication, Encrypt, TrustServerCertificate, "
                        + "HostNameInCertificate, Connect Timeout, Application Name, or give a jdbc:sqlserver:// URL "
                        + "instead",
                "'connection_string' keyword 'integratedsecurity' must be true or false",
                "'connection_string' Encrypt must be true, false or strict",
                "'connection_string' names no Server");
        assertThat(String.join("\n", problems)).doesNotContain(PASSWORD);
        assertThat(SqlServerConnectionSettings.problems(config("connection_string", "Server=x;Integrated Security=true")))
                .containsExactly("'connection_string' Integrated Security (Windows login) is not "
                        + "supported -- hint: use SQL authentication (User ID and Password) or an Authentication mode "
                        + "such as 'Active Directory Default'");
        assertThat(SqlServerConnectionSettings.problems(config("connection_string", "Server=x;password=\"" + PASSWORD)))
                .containsExactly("'connection_string' cannot be parsed: entry 2 has an unterminated "
                        + "quoted value");
    }

    @Test
    void aJdbcUrlIsPassedToTheDriverWithPzsDefaultsAdded() {
        String url = "jdbc:sqlserver://db.example.invalid:1444;databaseName=mart;user=loader;password=" + PASSWORD
                + ";encrypt=true;trustServerCertificate=true";
        SqlServerConnectionSettings settings = SqlServerConnectionSettings.of(config("connection_string", url));
        assertThat(settings.url()).isEqualTo(url);
        assertThat(settings.driverProperties()).containsEntry("applicationName", "pz")
                .containsEntry("sendTemporalDataTypesAsStringForBulkCopy", "true").doesNotContainKey("password");
        assertThat(settings.server()).isEqualTo("db.example.invalid");
        assertThat(settings.database()).isEqualTo("mart");
        assertThat(SqlServerConnectionSettings.of(config("connection_string",
                "jdbc:sqlserver://h;applicationName=etl")).driverProperties()).doesNotContainKey("applicationName");
    }

    @Test
    void anUnreadableJdbcUrlIsRefusedWithoutQuotingIt() {
        assertThat(SqlServerConnectionSettings.problems(config("connection_string",
                "jdbc:sqlserver://h;databaseName;password=" + PASSWORD))).containsExactly(""
                        + "'connection_string' is not a URL the SQL Server driver can read -- hint: write "
                        + "jdbc:sqlserver://<host>[:<port>];databaseName=<db>;user=<user>;password=<password>");
        assertThat(SqlServerConnectionSettings.problems(config("connection_string",
                "jdbc:sqlserver://h:notaport;password=" + PASSWORD))).containsExactly(""
                        + "'connection_string' has a port that is not a number between 1 and 65535");
        assertThat(SqlServerConnectionSettings.problems(config("connection_string", "jdbc:sqlserver://h:99999")))
                .hasSize(1);
    }

    @Test
    void aConnectionStringExcludesTheSeparateKeys() {
        assertThat(SqlServerConnectionSettings.problems(config("connection_string", "Server=x;Database=d", "host", "y",
                "password", PASSWORD, "command_timeout_seconds", 60L))).containsExactly(
                        "'host' cannot be combined with 'connection_string' -- hint: give either the "
                                + "connection string or the separate keys",
                        "'password' cannot be combined with 'connection_string' -- hint: give either "
                                + "the connection string or the separate keys");
    }

    @Test
    void neitherThePasswordNorTheConnectionStringIsEverPrinted() {
        SqlServerConnectionSettings keys = SqlServerConnectionSettings.of(config("host", "h", "database", "d", "user", "u",
                "password", PASSWORD));
        assertThat(keys.toString()).doesNotContain(PASSWORD).contains("password=***", "server=h", "user=u");
        assertThat(keys.scrub("Login failed: " + PASSWORD + " was wrong")).isEqualTo("Login failed: *** was wrong");
        String text = "Server=h;Database=d;User ID=u;Password=" + PASSWORD;
        SqlServerConnectionSettings string = SqlServerConnectionSettings.of(config("connection_string", text));
        assertThat(string.toString()).doesNotContain(PASSWORD);
        assertThat(string.scrub("echo " + text + " and " + PASSWORD)).isEqualTo("echo *** and ***");
    }
}
