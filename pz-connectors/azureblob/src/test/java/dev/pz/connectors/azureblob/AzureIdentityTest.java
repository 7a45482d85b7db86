package dev.pz.connectors.azureblob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.files.remote.ObjectStore;
import dev.pz.connectors.files.remote.StoredObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code auth: service_principal} end to end: pz asks a token endpoint for a storage token with the
 * application's client secret, and a real Azure Blob API server (Azurite with {@code --oauth basic},
 * over HTTPS) accepts the bearer for writes, listings and reads. The endpoint stands in for Entra ID
 * ({@link EntraTokenTestServer}), reached through {@code AZURE_AUTHORITY_HOST}, which the identity
 * library reads from this JVM's system properties (once: the servers live as long as the class); both
 * servers use a self-signed certificate that the test makes the JVM's default trust for its duration.
 */
class AzureIdentityTest {

    private static final String TENANT = "8f0c6a2e-0000-4000-8000-00000000c0de";
    private static final String CLIENT_ID = "5b1f0e9d-0000-4000-8000-0000000a9915";
    private static final String CLIENT_SECRET = "pz~test~client~secret~41";

    @TempDir
    static Path certificates;

    @TempDir
    Path temp;

    private static SSLContext previousDefault;
    private static EntraTokenTestServer entra;
    private static AzuriteTestServer azurite;

    @BeforeAll
    static void start() throws Exception {
        TestTls tls = TestTls.create(certificates);
        previousDefault = SSLContext.getDefault();
        SSLContext.setDefault(tls.context());
        entra = EntraTokenTestServer.start(tls.context(), TENANT, CLIENT_ID, CLIENT_SECRET);
        System.setProperty("AZURE_AUTHORITY_HOST", entra.authorityHost());
        azurite = AzuriteTestServer.startWithOAuth(tls.pfx(), TestTls.PASSWORD);
        azurite.createContainer("lake");
    }

    @BeforeEach
    void storageAudience() {
        entra.audience("https://storage.azure.com");
        entra.clearRequests();
    }

    @AfterAll
    static void stop() {
        System.clearProperty("AZURE_AUTHORITY_HOST");
        if (azurite != null) {
            azurite.close();
        }
        if (entra != null) {
            entra.close();
        }
        SSLContext.setDefault(previousDefault);
    }

    private Map<String, Object> servicePrincipal(String secret) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("auth", "service_principal");
        values.put("tenant_id", TENANT);
        values.put("client_id", CLIENT_ID);
        values.put("client_secret", secret);
        values.put("endpoint", azurite.blobEndpoint());
        return values;
    }

    private static AzureSettings settings(Map<String, Object> values) {
        ConnectorConfig config = new ConnectorConfig("lake", values);
        assertThat(AzureSettings.problems(config)).isEmpty();
        return AzureSettings.of(config);
    }

    @Test
    void aServicePrincipalsTokenWritesListsAndReadsBlobs() throws Exception {
        AzureStores stores = new AzureStores(settings(servicePrincipal(CLIENT_SECRET)), "az");
        Path file = Files.writeString(temp.resolve("orders.csv"), "id\n1\n2\n");
        try (ObjectStore store = stores.open()) {
            store.upload(file, "lake", "in/orders.csv");
        }
        try (ObjectStore store = stores.open()) {
            assertThat(store.list("lake", "in/")).extracting(StoredObject::key).containsExactly("in/orders.csv");
            Path copy = temp.resolve("copy.csv");
            store.download("lake", "in/orders.csv", copy);
            assertThat(copy).hasContent("id\n1\n2");
        }
        assertThat(entra.requests()).isNotEmpty().allSatisfy(request -> {
            assertThat(request).containsEntry("path", "/" + TENANT + "/oauth2/v2.0/token")
                    .containsEntry("grant_type", "client_credentials").containsEntry("client_id", CLIENT_ID);
            assertThat(request.get("scope")).startsWith(AzureCredentials.STORAGE_SCOPE);
        });
        assertThat(AzureConnectionProbe.check(settings(servicePrincipal(CLIENT_SECRET))).ok()).isTrue();
    }

    @Test
    void aTokenForAnotherAudienceIsRefusedByTheBlobServer() {
        entra.audience("https://vault.azure.net");
        AzureStores stores = new AzureStores(settings(servicePrincipal(CLIENT_SECRET)), "az");

        assertThatThrownBy(() -> {
            try (ObjectStore store = stores.open()) {
                store.list("lake", "");
            }
        }).isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.isTransient()).isFalse())
                .hasMessageContaining("the credentials were refused");
    }

    @Test
    void aWrongSecretIsAPermanentFailureWithTheNextStepAndNoSecret() {
        AzureSettings settings = settings(servicePrincipal("pz~wrong~secret"));

        assertThatThrownBy(() -> new AzureStores(settings, "az").open())
                .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                    assertThat(e.code()).contains(PzCode.NODE_FAILED);
                    assertThat(e.isTransient()).isFalse();
                    assertThat(e.hint()).hasValueSatisfying(hint -> assertThat(hint)
                            .startsWith("check tenant_id, client_id and client_secret"));
                })
                .hasMessageStartingWith("azure connection 'lake': no Azure AD token from 'service_principal' auth: ")
                .hasMessageContaining("AADSTS7000215")
                .hasMessageNotContaining("pz~wrong~secret").hasMessageNotContaining(CLIENT_SECRET);
        assertThat(entra.requests()).isNotEmpty().allSatisfy(request -> assertThat(request)
                .containsEntry("client_secret", "pz~wrong~secret"));
        ConnectionCheck check = AzureConnectionProbe.check(settings);
        assertThat(check.ok()).isFalse();
        assertThat(check.message()).startsWith("permanent: azure connection 'lake': no Azure AD token from"
                + " 'service_principal' auth: ").contains("-- check tenant_id").doesNotContain("pz~wrong~secret");
    }
}
