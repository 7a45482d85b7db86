package dev.pz.connectors.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.ObjectStore;
import dev.pz.connectors.files.remote.StoredObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Identity-based s3 credentials end to end: a web identity token file (EKS IRSA and pod identity), an
 * assumed {@code role_arn}, and named profiles, each ending in reads and writes against a real S3 API
 * server (s3proxy) that accepts only the temporary keys STS issued. STS is {@link StsTestServer}
 * (no STS server can be installed here); the AWS SDK reads the web identity and profile settings from
 * its system properties, which each test sets and clears (the JVM's environment cannot be changed).
 */
class S3IdentityTest {

    private static final String ROLE_ARN = "arn:aws:iam::123456789012:role/pz-loader";
    private static final String TOKEN = "eyJ.pz-test-web-identity-token.sig";
    private static final String BASE_ACCESS_KEY = "AKIAPZBASE";
    private static final String BASE_SECRET_KEY = "pz-base-secret-5d1e";
    private static final String TEMPORARY_ACCESS_KEY = "ASIAPZTEMPORARY";
    private static final String TEMPORARY_SECRET_KEY = "pz-temporary-secret-77b0";
    private static final List<String> PROPERTIES = List.of("aws.webIdentityTokenFile", "aws.roleArn",
            "aws.roleSessionName", "aws.endpointUrlSts", "aws.region", "aws.configFile", "aws.sharedCredentialsFile",
            "aws.profile", "aws.disableEc2Metadata");

    @TempDir
    Path temp;

    private S3TestServer s3;
    private StsTestServer sts;

    @BeforeEach
    void start() throws IOException {
        s3 = S3TestServer.startForTemporaryKeys(TEMPORARY_ACCESS_KEY, TEMPORARY_SECRET_KEY);
        s3.createBucket("lake");
        sts = StsTestServer.start(ROLE_ARN, TOKEN, BASE_ACCESS_KEY, TEMPORARY_ACCESS_KEY, TEMPORARY_SECRET_KEY);
        // No identity of the machine's user may leak in: empty AWS config files, STS at the test server.
        System.setProperty("aws.configFile", temp.resolve("no-config").toString());
        System.setProperty("aws.sharedCredentialsFile", temp.resolve("no-credentials").toString());
        System.setProperty("aws.endpointUrlSts", sts.endpoint().toString());
        System.setProperty("aws.region", "us-east-1");
        System.setProperty("aws.disableEc2Metadata", "true");
    }

    @AfterEach
    void stop() {
        PROPERTIES.forEach(System::clearProperty);
        sts.close();
        s3.close();
    }

    /** The server's connection without keys: endpoint, path style, plain HTTP, root {@code lake}. */
    private Map<String, Object> keyless(Object... extra) {
        Map<String, Object> values = new LinkedHashMap<>(s3.connection("lake"));
        values.remove("access_key");
        values.remove("secret_key");
        for (int i = 0; i < extra.length; i += 2) {
            values.put((String) extra[i], extra[i + 1]);
        }
        return values;
    }

    private static S3Settings settings(Map<String, Object> values) {
        ConnectorConfig config = new ConnectorConfig("lake", values);
        assertThat(S3Settings.problems(config)).isEmpty();
        return S3Settings.of(config);
    }

    /** Uploads one object and reads it back through a fresh client of the same stores. */
    private void roundTrip(S3Settings settings) throws IOException {
        Path file = Files.writeString(temp.resolve("upload.csv"), "id\n1\n2\n");
        S3Stores stores = new S3Stores(settings);
        try (ObjectStore store = stores.open()) {
            store.upload(file, "lake", "in/orders.csv");
        }
        try (ObjectStore store = stores.open()) {
            assertThat(store.list("lake", "in/")).extracting(StoredObject::key).containsExactly("in/orders.csv");
            Path copy = temp.resolve("copy.csv");
            store.download("lake", "in/orders.csv", copy);
            assertThat(copy).hasContent("id\n1\n2");
        }
    }

    private void webIdentity(Path tokenFile) {
        System.setProperty("aws.webIdentityTokenFile", tokenFile.toString());
        System.setProperty("aws.roleArn", ROLE_ARN);
        System.setProperty("aws.roleSessionName", "pz-irsa");
    }

    @Test
    void aWebIdentityTokenFileBecomesTemporaryKeysThatReadAndWrite() throws IOException {
        webIdentity(Files.writeString(temp.resolve("token"), TOKEN));

        roundTrip(settings(keyless()));

        assertThat(sts.calls()).singleElement().satisfies(call -> {
            assertThat(call).containsEntry("Action", "AssumeRoleWithWebIdentity").containsEntry("RoleArn", ROLE_ARN)
                    .containsEntry("WebIdentityToken", TOKEN).containsEntry("RoleSessionName", "pz-irsa");
            assertThat(call).doesNotContainKey("SigningAccessKey");
        });
    }

    @Test
    void aWebIdentityTheRoleDoesNotTrustIsAPermanentFailureWithTheNextStepAndNoToken() throws IOException {
        webIdentity(Files.writeString(temp.resolve("token"), "eyJ.a-token-sts-refuses.sig"));

        assertThatThrownBy(() -> new S3Stores(settings(keyless())).open())
                .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                    assertThat(e.code()).contains(PzCode.NODE_FAILED);
                    assertThat(e.isTransient()).isFalse();
                    assertThat(e.hint()).hasValueSatisfying(hint -> assertThat(hint)
                            .contains("AWS_WEB_IDENTITY_TOKEN_FILE is readable and AWS_ROLE_ARN"));
                })
                .hasMessageStartingWith("s3 connection 'lake': no AWS credentials from the AWS credential chain:"
                        + " web identity: refused by STS (AccessDenied, HTTP 403)")
                .hasMessageNotContaining("a-token-sts-refuses");
    }

    @Test
    void anUnreadableTokenFileNamesTheWebIdentityAndItsFile() {
        Path missing = temp.resolve("no-such-token");
        webIdentity(missing);

        assertThatThrownBy(() -> new S3Stores(settings(keyless())).open())
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isFalse())
                .hasMessageStartingWith("s3 connection 'lake': no AWS credentials from the AWS credential chain:"
                        + " web identity: ")
                .hasMessageContaining("no-such-token");
        assertThat(sts.calls()).isEmpty();
    }

    @Test
    void roleArnAssumesTheRoleWithTheConnectionsKeysAndItsExternalIdAndSessionName() throws IOException {
        Map<String, Object> values = keyless("access_key", BASE_ACCESS_KEY, "secret_key", BASE_SECRET_KEY,
                "role_arn", ROLE_ARN, "external_id", "pz-ext-42", "session_name", "nightly-load");

        roundTrip(settings(values));

        assertThat(sts.calls()).singleElement().satisfies(call -> assertThat(call)
                .containsEntry("Action", "AssumeRole").containsEntry("RoleArn", ROLE_ARN)
                .containsEntry("ExternalId", "pz-ext-42").containsEntry("RoleSessionName", "nightly-load")
                .containsEntry("SigningAccessKey", BASE_ACCESS_KEY));
    }

    @Test
    void theDefaultSessionNameIsPzAndTheConnection() throws IOException {
        roundTrip(settings(keyless("access_key", BASE_ACCESS_KEY, "secret_key", BASE_SECRET_KEY, "role_arn",
                ROLE_ARN)));

        assertThat(sts.calls()).singleElement().satisfies(call -> assertThat(call)
                .containsEntry("RoleSessionName", "pz-lake").doesNotContainKey("ExternalId"));
    }

    @Test
    void aRoleTheKeysMayNotAssumeFailsThroughTheProbeAndTheStoreWithoutASecret() {
        S3Settings settings = settings(keyless("access_key", "AKIAOTHER", "secret_key", BASE_SECRET_KEY, "role_arn",
                ROLE_ARN));

        assertThatThrownBy(() -> new S3Stores(settings).open())
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.hint()).hasValueSatisfying(
                        hint -> assertThat(hint).contains("sts:AssumeRole")))
                .hasMessage("s3 connection 'lake': no AWS credentials from role_arn (STS AssumeRole with access_key):"
                        + " refused by STS (AccessDenied, HTTP 403) -- check that the keys may call sts:AssumeRole on"
                        + " role_arn and that the role's trust policy allows them (and external_id, if it asks for"
                        + " one)");
        ConnectionCheck check = S3ConnectionProbe.check(settings);
        assertThat(check.ok()).isFalse();
        assertThat(check.message()).startsWith("permanent: s3 connection 'lake': no AWS credentials from role_arn")
                .contains("-- check that the keys may call sts:AssumeRole").doesNotContain(BASE_SECRET_KEY);
    }

    @Test
    void anStsThatCannotBeReachedIsATransientFailure() {
        S3Settings settings = settings(keyless("access_key", BASE_ACCESS_KEY, "secret_key", BASE_SECRET_KEY,
                "role_arn", ROLE_ARN));
        sts.close();

        assertThatThrownBy(() -> new S3Stores(settings).open())
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isTrue())
                .hasMessageStartingWith("s3 connection 'lake': no AWS credentials from role_arn (STS AssumeRole with"
                        + " access_key): ");
    }

    @Test
    void aNamedProfileWithKeysReadsAndWrites() throws IOException {
        Path credentials = Files.writeString(temp.resolve("credentials"), "[loader]\naws_access_key_id = "
                + TEMPORARY_ACCESS_KEY + "\naws_secret_access_key = " + TEMPORARY_SECRET_KEY + "\n");
        System.setProperty("aws.sharedCredentialsFile", credentials.toString());

        roundTrip(settings(keyless("profile", "loader")));
        assertThat(sts.calls()).isEmpty();
    }

    @Test
    void anAssumeRoleProfileGoesThroughStsWithItsSourceProfile() throws IOException {
        Files.writeString(temp.resolve("config"), "[profile base]\naws_access_key_id = " + BASE_ACCESS_KEY
                + "\naws_secret_access_key = " + BASE_SECRET_KEY + "\n\n[profile loader]\nrole_arn = " + ROLE_ARN
                + "\nsource_profile = base\n");
        System.setProperty("aws.configFile", temp.resolve("config").toString());

        roundTrip(settings(keyless("profile", "loader")));

        assertThat(sts.calls()).singleElement().satisfies(call -> assertThat(call)
                .containsEntry("Action", "AssumeRole").containsEntry("SigningAccessKey", BASE_ACCESS_KEY));
    }

    @Test
    void anSsoProfileWithoutASignInIsRefusedWithAwsSsoLogin() throws IOException {
        Files.writeString(temp.resolve("config"), "[profile dev]\nsso_session = corp\nsso_account_id = 123456789012\n"
                + "sso_role_name = Loader\nregion = us-east-1\n\n[sso-session corp]\n"
                + "sso_start_url = https://pz-test-no-such-portal.awsapps.com/start\nsso_region = us-east-1\n");
        System.setProperty("aws.configFile", temp.resolve("config").toString());

        assertThatThrownBy(() -> new S3Stores(settings(keyless("profile", "dev"))).open())
                .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                    assertThat(e.isTransient()).isFalse();
                    assertThat(e.hint()).contains("sign in with `aws sso login --profile dev`, then run pz again");
                })
                .hasMessageStartingWith("s3 connection 'lake': no AWS credentials from profile 'dev': ")
                .hasMessageEndingWith(" -- sign in with `aws sso login --profile dev`, then run pz again");
    }

    @Test
    void aProfileTheConfigFilesDoNotHaveIsAnOfflineProblem() {
        ConnectorConfig config = new ConnectorConfig("lake", keyless("profile", "nope"));

        assertThat(S3Settings.problems(config)).containsExactly("s3 connection 'profile' names a profile that is not"
                + " in the AWS config files (~/.aws/config, ~/.aws/credentials, or AWS_CONFIG_FILE /"
                + " AWS_SHARED_CREDENTIALS_FILE)");
    }

    @Test
    void keysAndAProfileTogetherAndRoleQualifiersWithoutARoleAreOfflineProblems() {
        assertThat(S3Settings.problems(new ConnectorConfig("lake", keyless("profile", "x", "access_key", "a",
                "secret_key", "b")))).containsExactly("s3 connection takes 'profile' or 'access_key'/'secret_key', not"
                        + " both");
        assertThat(S3Settings.problems(new ConnectorConfig("lake", keyless("external_id", "e", "session_name",
                "s1")))).containsExactly(
                        "s3 connection 'external_id' needs 'role_arn' (it qualifies the role pz assumes)",
                        "s3 connection 'session_name' needs 'role_arn' (it qualifies the role pz assumes)");
    }
}
