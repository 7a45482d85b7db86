package dev.pz.connectors.azureblob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the azureblob connector plans, offline: URLs and fragments, the write's COPY, validation, refusals. */
class AzurePlanTest {

    private static final AzureBlobConnector CONNECTOR = new AzureBlobConnector();

    private static ConnectorConfig config(Object... keysAndValues) {
        return new ConnectorConfig("lake", options(keysAndValues));
    }

    private static ConnectorConfig accountKey() {
        return config("auth", "account_key", "account_name", "acct", "account_key", "S3CRET/KEY+value==");
    }

    private static Map<String, Object> options(Object... keysAndValues) {
        Map<String, Object> options = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }

    private static NativeScan scan(Map<String, Object> options, DatasetSpec.Watermark window) {
        return CONNECTOR.openSource(accountKey()).orElseThrow()
                .nativeScan(new DatasetSpec("lake", "orders", options, null, window)).orElseThrow();
    }

    @Test
    void readsNameTheirBlobsWithTheirScheme() {
        assertThat(scan(options("container", "raw", "path", "in/orders.parquet"), null).sqlFragment())
                .isEqualTo("read_parquet('az://raw/in/orders.parquet')");
        assertThat(scan(options("container", "raw", "path", "in/*.csv", "format", "csv", "scheme", "abfss"), null)
                .sqlFragment()).isEqualTo("read_csv('abfss://raw/in/*.csv', header = true, auto_detect = true)");
        assertThat(scan(options("container", "raw", "path", "e/{yyyy}/{MM}/{dd}/*.parquet", "scheme", "azure"),
                new DatasetSpec.Watermark("ts", "2026-07-11T00:00:00.000000", false, "2026-07-12T00:00:00.000000"))
                .sqlFragment()).startsWith("(select * from read_parquet(['az://raw/e/2026/07/11/*.parquet',"
                        + " 'az://raw/e/2026/07/12/*.parquet']) where \"ts\" > '2026-07-11T00:00:00.000000'");
    }

    @Test
    void aReadNeedsAContainerAndAPathAndAKnownScheme() {
        assertThatThrownBy(() -> scan(options("path", "x.parquet"), null))
                .hasMessage("dataset 'orders': azure requires 'container'");
        assertThatThrownBy(() -> scan(options("container", "raw"), null))
                .hasMessage("dataset 'orders': azure requires 'path'");
        assertThatThrownBy(() -> scan(options("container", "raw", "path", "x", "scheme", "wasb"), null))
                .hasMessage("dataset 'orders': azure 'scheme' must be one of 'az', 'azure', 'abfss' (got 'wasb')");
        assertThatThrownBy(() -> scan(options("container", "raw", "path", "../x"), null))
                .hasMessageStartingWith("PZ0365: connection 'lake': dataset 'orders' resolves outside 'root:'");
    }

    @Test
    void readsAreNativeOnly() {
        var source = CONNECTOR.openSource(accountKey()).orElseThrow();
        assertThatThrownBy(() -> source.checkUniversalRead(DatasetSpec.of("lake", "orders", options(), null)))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.NATIVE_PATH_REQUIRED))
                .hasMessageStartingWith("PZ0312: dataset 'orders': azure reads are native-scan only");
    }

    private static Optional<NativeCopy> copy(WriteStrategy strategy, Map<String, Object> options) {
        return CONNECTOR.openSink(accountKey()).orElseThrow()
                .nativeCopy(new OutputSpec("lake", "orders", strategy, "fail_on_change", options, List.of(), null));
    }

    @Test
    void aWriteCopiesIntoTheSpoolAndAPartitionedOneFansOutOnTheUniversalTier() {
        NativeCopy copy = copy(WriteStrategy.REPLACE, options("container", "lake", "path", "curated", "format",
                "parquet")).orElseThrow();
        assertThat(copy.copySql()).isEqualTo("copy (select * from {{source}}) to {{spool_file}} (format parquet)");
        assertThat(copy.mechanism()).isEqualTo("COPY TO azure parquet");
        assertThat(copy(WriteStrategy.REPLACE, options("container", "lake", "path", "c/{yyyy}/{MM}/{dd}", "format",
                "parquet", "partition_by", "ts"))).isEmpty();
        CONNECTOR.openSink(accountKey()).orElseThrow().checkUniversalWrite(new OutputSpec("lake", "orders",
                WriteStrategy.REPLACE, "fail_on_change", options("container", "lake", "format", "csv"), List.of(), null));
    }

    @Test
    void writeRefusalsCarryTheirCodes() {
        assertThatThrownBy(() -> copy(WriteStrategy.REPLACE, options("container", "lake")))
                .hasMessageStartingWith("PZ0361: output 'orders': azureblob requires 'format'");
        assertThatThrownBy(() -> copy(WriteStrategy.REPLACE, options("container", "lake", "format", "xlsx")))
                .hasMessageStartingWith("PZ0361: output 'orders': format 'xlsx' is written by localfiles only");
        assertThatThrownBy(() -> copy(WriteStrategy.MERGE, options("container", "lake", "format", "csv")))
                .hasMessageStartingWith("PZ0324");
        assertThatThrownBy(() -> copy(WriteStrategy.REPLACE, options("format", "csv")))
                .hasMessage("output 'orders': azure requires 'container'");
        assertThatThrownBy(() -> copy(WriteStrategy.REPLACE, options("container", "lake", "format", "csv",
                "partition_by", "ts"))).hasMessageStartingWith("PZ0314: output 'orders'");
    }

    @Test
    void validationNamesEachProblemAndNoValue() {
        assertThat(CONNECTOR.validate(config())).containsExactly(
                "azure connection requires 'auth' (one of: account_key, connection_string, sas)");
        assertThat(CONNECTOR.validate(config("auth", "password"))).containsExactly(
                "azure connection 'auth' must be one of account_key, connection_string, sas (got 'password')");
        assertThat(CONNECTOR.validate(config("auth", "account_key", "account_name", "a"))).containsExactly(
                "azure 'account_key' auth requires 'account_key'");
        assertThat(CONNECTOR.validate(config("auth", "sas", "sas_token", "sv=1"))).containsExactly(
                "azure 'sas' auth requires 'account_name' or 'endpoint'");
        assertThat(CONNECTOR.validate(config("auth", "service_principal"))).singleElement().asString()
                .contains("needs Azure AD token credentials");
        assertThat(CONNECTOR.validate(config("auth", "connection_string", "connection_string", "not;a=cs;secret-x")))
                .containsExactly("azure 'connection_string' is malformed: the Azure SDK cannot read it");
        assertThat(CONNECTOR.validate(config("auth", "account_key", "account_name", "a", "account_key", "k",
                "endpoint", "ftp://x"))).singleElement().asString().startsWith("azure 'endpoint' is malformed");
        assertThat(CONNECTOR.validate(accountKey())).isEmpty();
        assertThat(AzureSettings.of(accountKey()).toString()).doesNotContain("S3CRET");
        assertThat(CONNECTOR.secretKeys()).contains("account_key", "connection_string", "sas_token");
    }
}
