package dev.pz.connectors.azureblob;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pz.connectors.api.ConnectorConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Azure AD {@code auth} forms, offline: the keys each needs and takes, and the token sources of a chain. */
class AzureTokenAuthSettingsTest {

    private static List<String> problems(Object... keysAndValues) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            values.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return AzureSettings.problems(new ConnectorConfig("lake", values));
    }

    @Test
    void aServicePrincipalNeedsItsThreeKeysAndAnAccount() {
        assertThat(problems("auth", "service_principal", "client_id", "c")).containsExactly(
                "azure 'service_principal' auth requires 'tenant_id'",
                "azure 'service_principal' auth requires 'client_secret'",
                "azure 'service_principal' auth requires 'account_name' or 'endpoint'");
        assertThat(problems("auth", "service_principal", "tenant_id", "t", "client_id", "c", "client_secret", "s",
                "account_name", "acct")).isEmpty();
    }

    @Test
    void managedIdentityAndTheChainNeedOnlyAnAccount() {
        assertThat(problems("auth", "managed_identity")).containsExactly(
                "azure 'managed_identity' auth requires 'account_name' or 'endpoint'");
        assertThat(problems("auth", "managed_identity", "account_name", "acct", "client_id", "c")).isEmpty();
        assertThat(problems("auth", "credential_chain", "account_name", "acct", "chain", "env;cli")).isEmpty();
    }

    @Test
    void aKeyTheAuthDoesNotUseIsRefusedWithoutItsValue() {
        assertThat(problems("auth", "managed_identity", "account_name", "acct", "client_secret", "s3cr3t"))
                .containsExactly("azure 'client_secret' is not used by 'managed_identity' auth -- remove it or choose"
                        + " the auth that takes it");
        assertThat(problems("auth", "account_key", "account_name", "acct", "account_key", "a2V5", "tenant_id", "t"))
                .containsExactly("azure 'tenant_id' is not used by 'account_key' auth -- remove it or choose the auth"
                        + " that takes it");
    }

    @Test
    void theChainNamesKnownSourcesAndDefaultsToTheSdksChain() {
        assertThat(AzureCredentials.validChain("env; workload_identity;managed_identity;cli;default")).isTrue();
        assertThat(AzureCredentials.validChain("env;browser")).isFalse();
        assertThat(AzureCredentials.validChain(";")).isFalse();
        assertThat(AzureCredentials.chain(null)).containsExactly("default");
        assertThat(AzureCredentials.chain("CLI;env")).containsExactly("cli", "env");
    }

    @Test
    void theTokenFormsSignInOnTheAccountsBlobEndpoint() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("auth", "managed_identity");
        values.put("account_name", "acct");
        AzureSettings settings = AzureSettings.of(new ConnectorConfig("lake", values));
        assertThat(settings.endpoint()).isEqualTo("https://acct.blob.core.windows.net");
        assertThat(settings.chain()).containsExactly("default");
    }
}
