package dev.pz.connectors.azureblob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
                .hasMessage("dataset 'orders': 'container' is required");
        assertThatThrownBy(() -> scan(options("container", "raw"), null))
                .hasMessage("dataset 'orders': 'path' is required");
        assertThatThrownBy(() -> scan(options("container", "raw", "path", "x", "scheme", "wasb"), null))
                .hasMessage("dataset 'orders': 'scheme' must be one of az, abfss (got 'wasb')");
        assertThatThrownBy(() -> scan(options("container", "raw", "path", "../x"), null))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.PATH_ESCAPES_ROOT))
                .hasMessageStartingWith("connection 'lake': dataset 'orders' has a '..' segment");
    }

    @Test
    void filesPerPartitionTakesTheUniversalTier() {
        var source = CONNECTOR.openSource(accountKey()).orElseThrow();
        DatasetSpec split = DatasetSpec.of("lake", "orders", options("container", "raw", "path", "in/*.csv",
                "format", "csv", "files_per_partition", 3L), null);
        assertThat(source.nativeScan(split)).isEmpty();
        assertThat(source.universalReason(split)).contains("azure reads 3 file(s) per partition (files_per_partition)");
        assertThat(CONNECTOR.capabilities()).contains(ConnectorCapability.PARTITIONED_READ)
                .doesNotContain(ConnectorCapability.NATIVE_ONLY_READ);
    }

    @Test
    void xlsxAndAvroBlobsAreReadByPzsReadersAndMisplacedFormatOptionsAreNamed() {
        NativeScan xlsx = scan(options("container", "raw", "path", "book.xlsx", "format", "xlsx", "sheet", "Orders"),
                null);
        assertThat(xlsx.mechanism()).isEqualTo("pz's xlsx reader");
        assertThat(xlsx.location()).isEqualTo("az://raw/book.xlsx");
        assertThat(scan(options("container", "raw", "path", "e/*.avro", "format", "avro"), null).sqlFragment())
                .isEqualTo("read_avro('az://raw/e/*.avro')");
        assertThat(CONNECTOR.validateRead(DatasetSpec.of("lake", "orders", options("container", "raw", "path", "x",
                "format", "csv", "header", false), null))).extracting(OptionProblem::option, OptionProblem::code)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("header", PzCode.FILE_FORMAT_OPTION_INVALID));
        assertThat(CONNECTOR.validateWrite(new OutputSpec("lake", "orders", WriteStrategy.REPLACE,
                SchemaPolicy.FAIL_ON_CHANGE, options("container", "lake", "format", "json", "delimiter", ";"), List.of(),
                null))).extracting(OptionProblem::message).containsExactly("'delimiter' is not an option of format 'json'");
    }

    private static Optional<NativeCopy> copy(WriteStrategy strategy, Map<String, Object> options) {
        return CONNECTOR.openSink(accountKey()).orElseThrow()
                .nativeCopy(new OutputSpec("lake", "orders", strategy, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(), null));
    }

    @Test
    void aWriteCopiesIntoTheSpoolAndAPartitionedOneFansOutOnTheUniversalTier() {
        NativeCopy copy = copy(WriteStrategy.REPLACE, options("container", "lake", "path", "curated", "format",
                "parquet")).orElseThrow();
        assertThat(copy.copyOptions()).isEqualTo("format parquet");
        assertThat(copy.temporaryDirectory()).as("the engine spools the COPY").isNull();
        assertThat(copy.mechanism()).isEqualTo("COPY TO azure parquet");
        assertThat(copy(WriteStrategy.REPLACE, options("container", "lake", "path", "c/{yyyy}/{MM}/{dd}", "format",
                "parquet", "partition_by", "ts"))).isEmpty();
        CONNECTOR.openSink(accountKey()).orElseThrow().checkUniversalWrite(new OutputSpec("lake", "orders",
                WriteStrategy.REPLACE, SchemaPolicy.FAIL_ON_CHANGE, options("container", "lake", "format", "csv"), List.of(), null));
    }

    @Test
    void writeRefusalsCarryTheirCodes() {
        assertRefused(WriteStrategy.REPLACE, options("container", "lake"), PzCode.FILE_FORMAT_UNSUPPORTED,
                "output 'orders': 'format' is required");
        assertRefused(WriteStrategy.REPLACE, options("container", "lake", "format", "xlsx"),
                PzCode.FILE_FORMAT_UNSUPPORTED, "output 'orders': 'format' must be one of csv, json, parquet, tsv"
                        + " (got 'xlsx')");
        assertRefused(WriteStrategy.MERGE, options("container", "lake", "format", "csv"), PzCode.WRITE_MODE_UNSUPPORTED,
                "output 'orders': azureblob does not support strategy 'merge' (supported: append, replace)");
        assertRefused(WriteStrategy.REPLACE, options("format", "csv"), PzCode.CONNECTOR_CONFIG_INVALID,
                "output 'orders': 'container' is required");
        assertRefused(WriteStrategy.REPLACE, options("container", "lake", "format", "csv", "partition_by", "ts"),
                PzCode.TEMPLATING_CAPABILITY_MISSING, "output 'orders': azureblob lays out 'partition_by' outputs only"
                        + " by calendar tokens in path: (it does not declare ColumnPartitionedWrites)");
    }

    private static void assertRefused(WriteStrategy strategy, Map<String, Object> options, PzCode code,
            String message) {
        assertThatThrownBy(() -> copy(strategy, options))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code()).contains(code))
                .hasMessage(message);
    }

    @Test
    void validationNamesEachProblemAndNoValue() {
        assertThat(CONNECTOR.connectionOptions().check(options(), Set.of())).extracting(OptionProblem::message)
                .containsExactly("'auth' is required");
        assertThat(CONNECTOR.connectionOptions().check(options("auth", "password"), Set.of()))
                .extracting(OptionProblem::message).containsExactly("'auth' must be one of account_key,"
                        + " connection_string, sas, service_principal, credential_chain, managed_identity (got 'password')");
        assertThat(CONNECTOR.validate(config("auth", "account_key", "account_name", "a"))).containsExactly(
                "azure 'account_key' auth requires 'account_key'");
        assertThat(CONNECTOR.validate(config("auth", "sas", "sas_token", "sv=1"))).containsExactly(
                "azure 'sas' auth requires 'account_name' or 'endpoint'");
        assertThat(CONNECTOR.validate(config("auth", "service_principal"))).containsExactly(
                "azure 'service_principal' auth requires 'tenant_id'",
                "azure 'service_principal' auth requires 'client_id'",
                "azure 'service_principal' auth requires 'client_secret'",
                "azure 'service_principal' auth requires 'account_name' or 'endpoint'");
        assertThat(CONNECTOR.validate(config("auth", "connection_string", "connection_string", "not;a=cs;secret-x")))
                .containsExactly("azure 'connection_string' is malformed: the Azure SDK cannot read it");
        assertThat(CONNECTOR.connectionOptions().check(options("auth", "account_key", "endpoint", "ftp://x"), Set.of()))
                .extracting(OptionProblem::message)
                .containsExactly("'endpoint' must be an http(s) URL of the blob service (got 'ftp://x')");
        assertThat(CONNECTOR.validate(accountKey())).isEmpty();
        assertThat(AzureSettings.of(accountKey()).toString()).doesNotContain("S3CRET");
        assertThat(CONNECTOR.connectionOptions().secretNames()).containsExactlyInAnyOrder("account_key",
                "connection_string", "sas_token", "client_secret");
    }
}
