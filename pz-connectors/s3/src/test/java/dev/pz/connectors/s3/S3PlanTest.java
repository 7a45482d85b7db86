package dev.pz.connectors.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.ConnectorCapability;
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
import java.util.Set;
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
                .hasMessage("connection 'lake': dataset 'orders' has a '..' segment, which would leave its root or"
                        + " container")
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
    void xlsxAndAvroAreReadByPzsReadersThroughTheSpoolAndOtherFormatsAreRefused() {
        NativeScan xlsx = scan(options("format", "xlsx", "path", "sheets/orders.xlsx", "sheet", "Orders"));
        assertThat(xlsx.mechanism()).isEqualTo("pz's xlsx reader");
        assertThat(xlsx.sqlFragment()).isEqualTo("read_xlsx('s3://my-bucket/raw/sheets/orders.xlsx')");
        assertThat(xlsx.spoolFetch()).isNotNull();
        NativeScan avro = scan(options("format", "avro"));
        assertThat(avro.mechanism()).isEqualTo("pz's avro reader");
        assertThat(avro.location()).isEqualTo("s3://my-bucket/raw/orders.avro");
        assertThatThrownBy(() -> scan(options("format", "orc")))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.FILE_FORMAT_UNSUPPORTED))
                .hasMessage("dataset 'orders': 'format' must be one of avro, csv, json, parquet, tsv, xlsx (got 'orc')");
    }

    @Test
    void validateReadAndWriteNameMisplacedFormatOptions() {
        assertThat(CONNECTOR.validateRead(DatasetSpec.of("lake", "orders", options("format", "parquet", "sheet", "A",
                "delimiter", ";"), null))).extracting(OptionProblem::option, OptionProblem::code, OptionProblem::message)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("delimiter", PzCode.FILE_FORMAT_OPTION_INVALID,
                                "'delimiter' is not an option of format 'parquet'"),
                        org.assertj.core.groups.Tuple.tuple("sheet", PzCode.FILE_FORMAT_OPTION_INVALID,
                                "'sheet' is not an option of format 'parquet'"));
        assertThat(CONNECTOR.validateRead(DatasetSpec.of("lake", "orders", options("format", "xlsx", "sheet", "A"),
                null))).isEmpty();
        assertThat(CONNECTOR.validateWrite(output(WriteStrategy.REPLACE, options("format", "csv", "compression",
                "zstd", "path", "e/{yyyy}/", "partition_by", "ts")))).extracting(OptionProblem::option,
                        OptionProblem::code).containsExactly(
                                org.assertj.core.groups.Tuple.tuple("compression", PzCode.FILE_FORMAT_OPTION_INVALID));
        assertThat(CONNECTOR.validateWrite(output(WriteStrategy.APPEND, options("format", "parquet", "compression",
                "zstd")))).isEmpty();
    }

    @Test
    void filesPerPartitionTakesTheUniversalTierAndWritesCheckTheirFormat() {
        var source = CONNECTOR.openSource(config("b")).orElseThrow();
        assertThat(source.nativeScan(DatasetSpec.of("lake", "orders", options(), null))).isPresent();
        DatasetSpec split = DatasetSpec.of("lake", "orders", options("files_per_partition", 2L), null);
        assertThat(source.nativeScan(split)).isEmpty();
        assertThat(source.universalReason(split)).contains("s3 reads 2 file(s) per partition (files_per_partition)");
        source.checkUniversalRead(split);
        assertThatThrownBy(() -> source.checkUniversalRead(DatasetSpec.of("lake", "orders", options("format", "xls"),
                null))).isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.FILE_FORMAT_UNSUPPORTED));
        var sink = CONNECTOR.openSink(config("b")).orElseThrow();
        sink.checkUniversalWrite(output(WriteStrategy.REPLACE, options("format", "csv")));
        assertThatThrownBy(() -> sink.checkUniversalWrite(output(WriteStrategy.REPLACE, options("format", "xlsx"))))
                .hasMessage("output 'data': 'format' must be one of csv, json, parquet, tsv (got 'xlsx')");
    }

    private static OutputSpec output(WriteStrategy strategy, Map<String, Object> options) {
        return new OutputSpec("lake", "data", strategy, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(), null);
    }

    private static NativeCopy copy(WriteStrategy strategy, Map<String, Object> options) {
        return CONNECTOR.openSink(config(null)).orElseThrow().nativeCopy(output(strategy, options)).orElseThrow();
    }

    @Test
    void aWriteCopiesIntoTheSpoolAndUploadsUnderTheBucketAndPath() {
        NativeCopy copy = copy(WriteStrategy.REPLACE, options("bucket", "my-bucket", "path", "raw/orders",
                "format", "json"));
        assertThat(copy.copyOptions()).isEqualTo("format json");
        assertThat(copy.mechanism()).isEqualTo("COPY TO s3 json");
        assertThat(copy.temporaryDirectory()).as("the engine spools the COPY").isNull();
        assertThat(copy.publisher()).isInstanceOf(dev.pz.connectors.api.Cancellable.class);
        assertThat(copy(WriteStrategy.REPLACE, options("bucket", "b", "format", "csv", "delimiter", "|")).copyOptions())
                .isEqualTo("format csv, header, delimiter '|'");
    }

    @Test
    void writeRefusalsCarryTheirCodes() {
        assertRefused(options("bucket", "b"), WriteStrategy.REPLACE, PzCode.FILE_FORMAT_UNSUPPORTED,
                "output 'data': 'format' is required");
        assertRefused(options("bucket", "b", "format", "prquet"), WriteStrategy.REPLACE, PzCode.FILE_FORMAT_UNSUPPORTED,
                "output 'data': 'format' must be one of csv, json, parquet, tsv (got 'prquet')");
        assertRefused(options("bucket", "b", "format", "avro"), WriteStrategy.REPLACE, PzCode.FILE_FORMAT_UNSUPPORTED,
                "output 'data': 'format' must be one of csv, json, parquet, tsv (got 'avro')");
        assertRefused(options("bucket", "b", "format", "csv"), WriteStrategy.MERGE, PzCode.WRITE_MODE_UNSUPPORTED,
                "output 'data': s3 does not support strategy 'merge' (supported: append, replace)");
        assertRefused(options("bucket", "b", "format", "csv", "path", "e/", "partition_by", "ts"),
                WriteStrategy.REPLACE, PzCode.TEMPLATING_CAPABILITY_MISSING, "output 'data': s3 lays out"
                        + " 'partition_by' outputs only by calendar tokens in path: (it does not declare"
                        + " ColumnPartitionedWrites)");
        assertThat(CONNECTOR.openSink(config(null)).orElseThrow().nativeCopy(output(WriteStrategy.REPLACE, options(
                "bucket", "b", "format", "csv", "path", "e/{yyyy}/", "partition_by", "ts"))))
                .as("a partition_by fan-out runs on the universal tier").isEmpty();
        assertRefused(options("bucket", "b", "format", "csv", "path", "a/../b"), WriteStrategy.REPLACE,
                PzCode.PATH_ESCAPES_ROOT, "connection 'lake': output 'data' has a '..' segment, which would leave its"
                        + " root or container");
    }

    private static void assertRefused(Map<String, Object> options, WriteStrategy strategy, PzCode code, String message) {
        assertThatThrownBy(() -> copy(strategy, options))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code()).contains(code))
                .hasMessage(message);
    }

    @Test
    void capabilitiesOptionsAndSecrets() {
        assertThat(CONNECTOR.capabilities()).contains(ConnectorCapability.NATIVE_SCAN, ConnectorCapability.NATIVE_COPY,
                ConnectorCapability.REPLACE_WRITES, ConnectorCapability.BOUNDED_WINDOW,
                ConnectorCapability.PATH_TEMPLATING, ConnectorCapability.PARTITIONED_READ)
                .doesNotContain(ConnectorCapability.MERGE, ConnectorCapability.NATIVE_ONLY_READ);
        assertThat(CONNECTOR.connectionOptions().names()).containsExactly("access_key", "secret_key", "root",
                "region", "endpoint", "url_style", "use_ssl", "profile", "role_arn", "external_id", "session_name");
        assertThat(CONNECTOR.connectionOptions().secretNames()).containsExactlyInAnyOrder("access_key", "secret_key",
                "external_id");
    }

    @Test
    void validationNamesEachProblem() {
        assertThat(CONNECTOR.validate(new ConnectorConfig("lake", Map.of("secret_key", "x"))))
                .singleElement().asString().contains("requires 'access_key'");
        assertThat(CONNECTOR.connectionOptions().check(Map.of("url_style", "virtual"), Set.of()))
                .extracting(OptionProblem::message)
                .containsExactly("'url_style' must be one of vhost, path (got 'virtual')");
        assertThat(CONNECTOR.connectionOptions().check(Map.of("endpoint", "ftp://host"), Set.of()))
                .extracting(OptionProblem::message)
                .containsExactly("'endpoint' must be host[:port] or an http(s) URL (got 'ftp://host')");
        assertThat(S3Settings.of(new ConnectorConfig("lake", Map.of("endpoint", "minio:9000", "use_ssl", false,
                "url_style", "path")))).satisfies(settings -> {
                    assertThat(settings.endpoint()).hasToString("http://minio:9000");
                    assertThat(settings.pathStyle()).isTrue();
                });
        assertThat(CONNECTOR.validate(new ConnectorConfig("lake", Map.of()))).isEmpty();
        assertThat(S3Settings.of(config("b")).toString()).doesNotContain("S3CRET").doesNotContain("AKIA");
    }
}
