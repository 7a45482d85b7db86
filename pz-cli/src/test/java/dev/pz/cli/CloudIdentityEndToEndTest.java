package dev.pz.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.s3.S3TestServer;
import dev.pz.connectors.s3.StsTestServer;
import dev.pz.testing.Catalogue;
import dev.pz.testing.TestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Identity-based credentials through {@code pz}: the mistakes a user makes with the s3 and azureblob
 * identity keys are refused by validate, plan and run alike (PZ0301 at their line, exit 2, no run
 * recorded, no secret printed), and a web identity token file (EKS IRSA) carries a run from a csv to
 * a parquet object through STS (a test endpoint) and a real S3 API server that accepts only the keys
 * STS issued. The AWS SDK reads its settings from this JVM's system properties, set per test.
 */
class CloudIdentityEndToEndTest {

    private static final String ROLE_ARN = "arn:aws:iam::123456789012:role/pz-loader";
    private static final String TOKEN = "eyJ.pz-cli-web-identity.sig";
    private static final String TEMPORARY_ACCESS_KEY = "ASIAPZCLI";
    private static final String TEMPORARY_SECRET_KEY = "pz-cli-temporary-secret";
    private static final List<String> PROPERTIES = List.of("aws.webIdentityTokenFile", "aws.roleArn",
            "aws.roleSessionName", "aws.endpointUrlSts", "aws.region", "aws.configFile", "aws.sharedCredentialsFile",
            "aws.disableEc2Metadata");

    @TempDir
    Path temp;

    @BeforeEach
    void isolateFromTheMachinesAwsIdentity() {
        System.setProperty("aws.configFile", temp.resolve("no-config").toString());
        System.setProperty("aws.sharedCredentialsFile", temp.resolve("no-credentials").toString());
        System.setProperty("aws.disableEc2Metadata", "true");
        System.setProperty("aws.region", "us-east-1");
    }

    @AfterEach
    void clear() {
        PROPERTIES.forEach(System::clearProperty);
    }

    @Test
    void identityKeyMistakesAreRefusedAlikeByValidatePlanAndRun() {
        TestProject project = TestProject.in(temp.resolve("bad")).projectYml("identity_mistakes", Catalogue.LOCALFILES)
                .file("connections.yml", Catalogue.F01_CONNECTIONS + """
                        bucket:
                          connector: s3
                          root: lake/raw
                          profile: nightly
                          external_id: pz-ext-1
                        arn:
                          connector: s3
                          root: lake
                          role_arn: role/pz-loader
                        blob:
                          connector: azureblob
                          auth: service_principal
                          account_name: pzacct
                          client_id: 5b1f0e9d
                          client_secret: pz-never-print-this
                        mi:
                          connector: azureblob
                          auth: managed_identity
                          account_name: pzacct
                          client_secret: pz-never-print-this-either
                        """)
                .file("data/orders.csv", Catalogue.F01_ORDERS)
                .file("pipelines/to_lake.sql", "INSERT INTO {{ sink('bucket', 'orders', strategy: 'replace',"
                        + " format: 'parquet') }}\nselect * from {{ source('files', 'orders') }}\n");

        for (String[] verb : List.of(new String[] {"validate"}, new String[] {"plan"}, new String[] {"run", "--all"})) {
            CliRun run = CliRun.pz(project.path(), verb);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.err()).as(run.toString())
                    .contains("error PZ0301: connection 'bucket': s3 connection 'profile' names a profile that is not in"
                            + " the AWS config files")
                    .contains("error PZ0301: connection 'bucket': s3 connection 'external_id' needs 'role_arn'")
                    .contains("error PZ0301: connection 'arn': 'role_arn' must be an IAM role ARN")
                    .contains("error PZ0301: connection 'blob': azure 'service_principal' auth requires 'tenant_id'")
                    .contains("error PZ0301: connection 'mi': azure 'client_secret' is not used by 'managed_identity'"
                            + " auth")
                    .doesNotContain("pz-never-print-this");
            assertThat(run.err()).containsPattern("'profile' names a profile .*\\(connections\\.yml:\\d+\\)");
            assertThat(project.path().resolve(".pz/runs")).doesNotExist();
        }
    }

    @Test
    void aWebIdentityTokenFileCarriesARunToS3AndARefusedOneFailsItWithTheNextStep() throws Exception {
        try (S3TestServer s3 = S3TestServer.startForTemporaryKeys(TEMPORARY_ACCESS_KEY, TEMPORARY_SECRET_KEY);
                StsTestServer sts = StsTestServer.start(ROLE_ARN, TOKEN, "AKIAUNUSED", TEMPORARY_ACCESS_KEY,
                        TEMPORARY_SECRET_KEY)) {
            s3.createBucket("lake");
            Path token = Files.writeString(temp.resolve("token"), TOKEN);
            System.setProperty("aws.webIdentityTokenFile", token.toString());
            System.setProperty("aws.roleArn", ROLE_ARN);
            System.setProperty("aws.endpointUrlSts", sts.endpoint().toString());
            TestProject project = TestProject.in(temp.resolve("irsa")).projectYml("irsa", Catalogue.LOCALFILES)
                    .file("connections.yml", Catalogue.F01_CONNECTIONS + "bucket:\n  connector: s3\n  root: lake/raw\n"
                            + "  endpoint: 127.0.0.1:" + s3.port() + "\n  url_style: path\n  use_ssl: false\n")
                    .file("data/orders.csv", Catalogue.F01_ORDERS)
                    .file("pipelines/to_lake.sql", "INSERT INTO {{ sink('bucket', 'orders', strategy: 'replace',"
                            + " format: 'parquet', path: 'curated') }}\nselect * from {{ source('files', 'orders') }}\n");

            CliRun run = CliRun.pz(project.path(), "run", "--all");
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(keys(s3)).containsExactly("raw/curated/orders.parquet");
            assertThat(sts.calls()).extracting(call -> call.get("Action")).containsOnly("AssumeRoleWithWebIdentity");

            Files.writeString(token, "eyJ.a-token-the-role-does-not-trust.sig");
            CliRun refused = CliRun.pz(project.path(), "run", "--all");
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
            assertThat(refused.out() + refused.err()).contains("PZ0501: sink 'bucket' output 'orders': s3 connection"
                    + " 'bucket': no AWS credentials from the AWS credential chain: web identity: refused by STS"
                    + " (AccessDenied, HTTP 403) -- check that AWS_WEB_IDENTITY_TOKEN_FILE is readable")
                    .doesNotContain("a-token-the-role-does-not-trust");
            assertThat(keys(s3)).containsExactly("raw/curated/orders.parquet");
        }
    }

    private static List<String> keys(S3TestServer server) {
        try (S3Client client = server.client()) {
            return client.listObjectsV2(request -> request.bucket("lake").prefix("raw/")).contents().stream()
                    .map(S3Object::key).sorted().toList();
        }
    }
}
