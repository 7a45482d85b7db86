package dev.pz.connectors.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.NativeCopy;
import dev.pz.connectors.api.NativeScan;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.ReadHints;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the s3 connector plans, offline: the read's URLs and fragments under the root rules, window
 * wrapping and calendar covers, the write's COPY into the spool, and every refusal with its code.
 */
class S3PlanTest {

    private static final S3Connector CONNECTOR = new S3Connector();

    private static ConnectorConfig config(String root) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("access_key", "AKIA_TEST");
        values.put("secret_key", "S3CRET_VALUE");
        if (root != null) {
            values.put("root", root);
        }
        return new ConnectorConfig("lake", values);
    }

    private static Map<String, Object> options(Object... keysAndValues) {
        Map<String, Object> options = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }

    private static NativeScan scan(String root, Map<String, Object> options, Map<String, String> columns,
            DatasetSpec.Watermark watermark) {
        return CONNECTOR.openSource(config(root)).orElseThrow()
                .nativeScan(new DatasetSpec("lake", "orders", options, columns, watermark)).orElseThrow();
    }

    private static NativeScan scan(Map<String, Object> options) {
        return scan("my-bucket/raw", options, null, null);
    }

    @Test
    void theDefaultKeyIsTheRootPrefixAndEntityDotFormatAndTheFormatDefaultsToParquet() {
        NativeScan scan = scan(options());
        assertThat(scan.sqlFragment()).isEqualTo("read_parquet('s3://my-bucket/raw/orders.parquet')");
        assertThat(scan.mechanism()).isEqualTo("read_parquet");
        assertThat(scan.location()).isEqualTo("s3://my-bucket/raw/orders.parquet");
        assertThat(scan.schemaInferred()).isFalse();
        assertThat(scan.setupStatements()).isEmpty();
        assertThat(scan.spoolFetch()).isNotNull();
    }

    @Test
    void aGlobRidesUnderTheRootPrefixAndAnOwnBucketDropsIt() {
        assertThat(scan(options("path", "events/*.parquet")).sqlFragment())
                .isEqualTo("read_parquet('s3://my-bucket/raw/events/*.parquet')");
        assertThat(scan(options("path", "in/x.parquet", "bucket", "other")).sqlFragment())
                .isEqualTo("read_parquet('s3://other/in/x.parquet')");
        assertThat(scan(null, options("bucket", "bu'cket", "path", "pa'th.parquet"), null, null).sqlFragment())
                .isEqualTo("read_parquet('s3://bu''cket/pa''th.parquet')");
    }

    @Test
    void aParentSegmentInPathIsRefusedWithoutEchoingThePath() {
        assertThatThrownBy(() -> scan(options("path", "in/../../escape.parquet")))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                    assertThat(e.isTransient()).isFalse();
                    assertThat(e.code()).contains(PzCode.PATH_ESCAPES_ROOT);
                })
                .hasMessageStartingWith("PZ0365: connection 'lake': dataset 'orders' resolves outside 'root:'")
                .hasMessageNotContaining("escape");
    }

    @Test
    void noRootAndNoBucketIsANamedError() {
        assertThatThrownBy(() -> scan(null, options(), null, null))
                .hasMessage("dataset 'orders': s3 needs a 'root' on the connection or a 'bucket' option");
    }

    @Test
    void csvAndJsonFragmentsFollowTheContract() {
        NativeScan inferred = scan(options("format", "csv"));
        assertThat(inferred.sqlFragment())
                .isEqualTo("read_csv('s3://my-bucket/raw/orders.csv', header = true, auto_detect = true)");
        assertThat(inferred.schemaInferred()).isTrue();
        assertThat(scan("my-bucket/raw", options("format", "csv"), Map.of("id", "bigint"), null).sqlFragment())
                .isEqualTo("read_csv('s3://my-bucket/raw/orders.csv', header = true, auto_detect = false,"
                        + " columns = {'id': 'BIGINT'}, delim = ',', quote = '\"', escape = '\"')");
        assertThat(scan(options("format", "tsv")).sqlFragment()).isEqualTo(
                "read_csv('s3://my-bucket/raw/orders.tsv', header = true, auto_detect = true, delim = '\\t')");
        assertThat(scan(options("format", "json", "path", "logs/*.json")).sqlFragment()).isEqualTo(
                "read_json('s3://my-bucket/raw/logs/*.json', auto_detect = true, format = 'newline_delimited')");
        assertThat(scan(options("format", "json", "layout", "array")).sqlFragment()).isEqualTo(
                "read_json('s3://my-bucket/raw/orders.json', auto_detect = true, format = 'array')");
    }

    @Test
    void aBoundedWindowWrapsTheScanAndAPlainIncrementalDoesNot() {
        assertThat(scan("my-bucket/raw", options(), null, new DatasetSpec.Watermark("ts", "3", false, "7"))
                .sqlFragment()).isEqualTo("(select * from read_parquet('s3://my-bucket/raw/orders.parquet')"
                        + " where \"ts\" > '3' and \"ts\" <= '7')");
        assertThat(scan("my-bucket/raw", options(), null, new DatasetSpec.Watermark("ts", "3", false, null))
                .sqlFragment()).isEqualTo("read_parquet('s3://my-bucket/raw/orders.parquet')");
    }

    @Test
    void aTemplatedPathInABoundedWindowReadsTheCoverList() {
        NativeScan scan = scan("my-bucket/raw", options("path", "events/{yyyy}/{MM}/{dd}/*.parquet"), null,
                new DatasetSpec.Watermark("event_time", "2026-07-11T00:00:00.000000", false,
                        "2026-07-12T00:00:00.000000"));
        assertThat(scan.sqlFragment()).contains("read_parquet(['s3://my-bucket/raw/events/2026/07/11/*.parquet',"
                + " 's3://my-bucket/raw/events/2026/07/12/*.parquet']").contains("\"event_time\" > '2026-07-11");
    }

    @Test
    void xlsxReadsOneWorkbook() {
        assertThatThrownBy(() -> scan("my-bucket/raw", options("format", "xlsx", "path", "in/{yyyy}/{MM}/{dd}.xlsx"),
                null, new DatasetSpec.Watermark("d", "2026-01-01", false, "2026-01-03")))
                .hasMessageContaining("xlsx reads one workbook per entity");
        assertThatThrownBy(() -> scan(options("format", "xlsx", "path", "raw/*.xlsx")))
                .hasMessageContaining("must name a single file, not a glob");
    }

    @Test
    void readsRefuseTheUniversalTierWithPz0312AndWritesCheckTheirFormat() {
        var source = CONNECTOR.openSource(config("b")).orElseThrow();
        DatasetSpec spec = DatasetSpec.of("lake", "orders", options(), null);
        assertThatThrownBy(() -> source.checkUniversalRead(spec))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.NATIVE_PATH_REQUIRED))
                .hasMessageStartingWith("PZ0312: dataset 'orders': s3 reads are native-scan only");
        assertThatThrownBy(() -> source.planRead(spec, ReadHints.none())).hasMessageStartingWith("PZ0312");
        var sink = CONNECTOR.openSink(config("b")).orElseThrow();
        sink.checkUniversalWrite(output(WriteStrategy.REPLACE, options("format", "csv")));
        assertThatThrownBy(() -> sink.checkUniversalWrite(output(WriteStrategy.REPLACE, options("format", "xlsx"))))
                .hasMessageStartingWith("PZ0361: output 'data': format 'xlsx' is written by localfiles only");
    }

    private static OutputSpec output(WriteStrategy strategy, Map<String, Object> options) {
        return new OutputSpec("lake", "data", strategy, "fail_on_change", options, List.of(), null);
    }

    private static NativeCopy copy(WriteStrategy strategy, Map<String, Object> options) {
        return CONNECTOR.openSink(config(null)).orElseThrow().nativeCopy(output(strategy, options)).orElseThrow();
    }

    @Test
    void aWriteCopiesIntoTheSpoolAndUploadsUnderTheBucketAndPath() {
        NativeCopy copy = copy(WriteStrategy.REPLACE, options("bucket", "my-bucket", "path", "raw/orders",
                "format", "json"));
        assertThat(copy.copySql()).isEqualTo("copy (select * from {{source}}) to {{spool_file}} (format json)");
        assertThat(copy.mechanism()).isEqualTo("COPY TO s3 json");
        assertThat(copy.spoolPublish()).isNotNull();
        assertThat(copy.finalizations()).isEmpty();
        assertThat(copy(WriteStrategy.REPLACE, options("bucket", "b", "format", "csv", "delimiter", "|")).copySql())
                .endsWith("(format csv, header, delimiter '|')");
    }

    @Test
    void writeRefusalsCarryTheirCodes() {
        assertThatThrownBy(() -> copy(WriteStrategy.REPLACE, options("bucket", "b")))
                .hasMessage("PZ0361: output 'data': s3 requires 'format' (supported: avro, csv, json, parquet, tsv, xlsx)");
        assertThatThrownBy(() -> copy(WriteStrategy.REPLACE, options("bucket", "b", "format", "prquet")))
                .hasMessageStartingWith("PZ0361: output 'data': s3 does not support format 'prquet'");
        assertThatThrownBy(() -> copy(WriteStrategy.REPLACE, options("bucket", "b", "format", "xlsx")))
                .hasMessageStartingWith("PZ0361: output 'data': format 'xlsx' is written by localfiles only");
        assertThatThrownBy(() -> copy(WriteStrategy.REPLACE, options("bucket", "b", "format", "avro")))
                .hasMessageStartingWith("PZ0361: output 'data': format 'avro' is read-only on s3");
        assertThatThrownBy(() -> copy(WriteStrategy.MERGE, options("bucket", "b", "format", "csv")))
                .hasMessageStartingWith("PZ0324: output 'data': s3 does not support strategy 'merge'");
        assertThatThrownBy(() -> copy(WriteStrategy.REPLACE, options("bucket", "b", "format", "csv",
                "path", "e/{yyyy}/", "partition_by", "ts"))).hasMessageStartingWith("PZ0314: output 'data'");
        assertThatThrownBy(() -> copy(WriteStrategy.REPLACE, options("bucket", "b", "format", "csv", "path", "a/../b")))
                .hasMessageStartingWith("PZ0365: connection 'lake': output 'data' resolves outside 'root:'");
    }

    @Test
    void capabilitiesOptionsAndSecrets() {
        assertThat(CONNECTOR.capabilities()).contains(ConnectorCapability.NATIVE_SCAN, ConnectorCapability.NATIVE_COPY,
                ConnectorCapability.REPLACE_WRITES, ConnectorCapability.BOUNDED_WINDOW,
                ConnectorCapability.PATH_TEMPLATING, ConnectorCapability.NATIVE_ONLY_READ)
                .doesNotContain(ConnectorCapability.MERGE);
        assertThat(CONNECTOR.connectionOptions().options()).containsOnlyKeys("access_key", "secret_key", "root",
                "region", "endpoint", "url_style", "use_ssl");
        assertThat(CONNECTOR.secretKeys()).containsExactlyInAnyOrder("access_key", "secret_key");
    }

    @Test
    void validationNamesEachProblem() {
        assertThat(CONNECTOR.validate(new ConnectorConfig("lake", Map.of("secret_key", "x"))))
                .singleElement().asString().contains("requires 'access_key'");
        assertThat(CONNECTOR.validate(new ConnectorConfig("lake", Map.of("url_style", "virtual"))))
                .containsExactly("s3 connection 'url_style' must be one of 'vhost', 'path' (got 'virtual')");
        assertThat(CONNECTOR.validate(new ConnectorConfig("lake", Map.of("endpoint", "ftp://host"))))
                .singleElement().asString().startsWith("s3 'endpoint' is malformed");
        assertThat(CONNECTOR.validate(new ConnectorConfig("lake", Map.of()))).isEmpty();
        assertThat(S3Settings.of(config("b")).toString()).doesNotContain("S3CRET").doesNotContain("AKIA");
    }
}
