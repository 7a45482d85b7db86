package dev.pz.connectors.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.SchemaPolicy;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Format resolution and format option checks, with their exact messages and codes. */
class FormatOptionsTest {

    private static final Option<FileFormat> READ_FORMAT = FormatOptions.formatOption("File format.",
            List.of(FileFormat.values()), FileFormat.CSV);
    private static final Option<FileFormat> WRITE_FORMAT = FormatOptions.formatOption("File format.",
            Arrays.stream(FileFormat.values()).filter(FileFormat::writable).toList(), FileFormat.PARQUET);
    private static final Option<FileFormat> REQUIRED_FORMAT = FormatOptions.formatOption("File format.",
            List.of(FileFormat.CSV, FileFormat.JSON, FileFormat.PARQUET, FileFormat.TSV), null);

    private static FormatOptions resolve(Map<String, Object> options) {
        return FormatOptions.of(DatasetSpec.of("files", "orders", options, null), READ_FORMAT);
    }

    private static FormatOptions resolveWrite(Map<String, Object> options) {
        return FormatOptions.of(output(options), WRITE_FORMAT);
    }

    private static OutputSpec output(Map<String, Object> options) {
        return new OutputSpec("lake", "orders", WriteStrategy.REPLACE, SchemaPolicy.FAIL_ON_CHANGE, options, List.of(),
                null);
    }

    private static void assertRefused(Map<String, Object> options, PzCode code, String message) {
        assertThatThrownBy(() -> resolve(options))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code()).contains(code))
                .hasMessage(message);
    }

    @Test
    void defaultsAndEffectiveDelimiter() {
        assertThat(resolve(options()).format()).isEqualTo(FileFormat.CSV);
        assertThat(resolveWrite(options()).format()).isEqualTo(FileFormat.PARQUET);
        assertThat(resolve(options()).delimiter()).isEqualTo(',');
        assertThat(resolve(options("format", "TSV")).delimiter()).isEqualTo('\t');
        assertThat(resolve(options("format", "csv", "delimiter", "|")).delimiter()).isEqualTo('|');
        assertThat(resolve(options("format", "xlsx")).header()).isTrue();
        assertThat(resolve(options("format", "xlsx", "header", "false")).header()).isFalse();
        assertThat(resolve(options("format", "json", "layout", "array")).arrayLayout()).isTrue();
    }

    @Test
    void unknownFormat() {
        assertRefused(options("format", "orc"), PzCode.FILE_FORMAT_UNSUPPORTED,
                "dataset 'orders': 'format' must be one of avro, csv, json, parquet, tsv, xlsx (got 'orc')");
    }

    @Test
    void delimiterOnTsv() {
        assertThatThrownBy(() -> resolve(options("format", "tsv", "delimiter", ";")))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> {
                    assertThat(e.code()).contains(PzCode.FILE_FORMAT_OPTION_INVALID);
                    assertThat(e.hint()).contains("remove it or change the format");
                })
                .hasMessage("dataset 'orders': 'delimiter' is not an option of format 'tsv'");
    }

    @Test
    void multiCharacterOrQuoteDelimiter() {
        assertRefused(options("delimiter", "||"), PzCode.FILE_FORMAT_OPTION_INVALID,
                "dataset 'orders': 'delimiter' must be one ASCII character other than a quote, newline or"
                        + " carriage return (got '||')");
        assertThatThrownBy(() -> resolve(options("delimiter", "\""))).isInstanceOf(PzConnectorException.class);
        assertThatThrownBy(() -> resolve(options("delimiter", "é"))).isInstanceOf(PzConnectorException.class);
    }

    @Test
    void badLayout() {
        assertRefused(options("format", "json", "layout", "lines"), PzCode.FILE_FORMAT_OPTION_INVALID,
                "dataset 'orders': 'layout' must be one of ndjson, array (got 'lines')");
        assertRefused(options("layout", "array"), PzCode.FILE_FORMAT_OPTION_INVALID,
                "dataset 'orders': 'layout' is not an option of format 'csv'");
    }

    @Test
    void sheetAndHeaderBelongToXlsx() {
        assertRefused(options("header", true), PzCode.FILE_FORMAT_OPTION_INVALID,
                "dataset 'orders': 'header' is not an option of format 'csv'");
        assertRefused(options("format", "xlsx", "sheet", ""), PzCode.FILE_FORMAT_OPTION_INVALID,
                "dataset 'orders': 'sheet' must not be empty (got '')");
        assertThatThrownBy(() -> resolve(options("format", "xlsx", "header", "yes"))).isInstanceOf(PzConnectorException.class);
    }

    @Test
    void compressionBelongsToParquetWrites() {
        assertThat(resolveWrite(options("format", "parquet", "compression", "ZSTD")).compression()).isEqualTo("zstd");
        assertThatThrownBy(() -> resolveWrite(options("format", "csv", "compression", "gzip")))
                .hasMessage("output 'orders': 'compression' is not an option of format 'csv'");
        assertThatThrownBy(() -> resolveWrite(options("format", "parquet", "compression", "bogus")))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.FILE_FORMAT_OPTION_INVALID))
                .hasMessage("output 'orders': 'compression' must be one of snappy, gzip, zstd, lz4, brotli, uncompressed"
                        + " (got 'bogus')");
    }

    @Test
    void aRequiredFormatIsRefusedWhenMissingOrNotAccepted() {
        assertThatThrownBy(() -> FormatOptions.of(output(options()), REQUIRED_FORMAT))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.FILE_FORMAT_UNSUPPORTED))
                .hasMessage("output 'orders': 'format' is required");
        assertThatThrownBy(() -> FormatOptions.of(output(options("format", "xlsx")), REQUIRED_FORMAT))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.FILE_FORMAT_UNSUPPORTED))
                .hasMessage("output 'orders': 'format' must be one of csv, json, parquet, tsv (got 'xlsx')");
    }

    /** Alternating keys and values, in order. */
    static Map<String, Object> options(Object... keysAndValues) {
        Map<String, Object> options = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }
}
