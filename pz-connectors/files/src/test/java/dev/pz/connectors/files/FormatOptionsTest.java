package dev.pz.connectors.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Format resolution and option checks, with their exact messages. */
class FormatOptionsTest {

    private static FormatOptions resolve(Map<String, Object> options) {
        return FormatOptions.resolve(options, FileFormat.CSV, "localfiles", "dataset 'orders'");
    }

    private static void assertRefused(Map<String, Object> options, PzCode code, String message) {
        assertThatThrownBy(() -> resolve(options))
                .isInstanceOfSatisfying(PzConnectorException.class, e -> assertThat(e.code()).contains(code))
                .hasMessage(message);
    }

    @Test
    void defaultsAndEffectiveDelimiter() {
        assertThat(resolve(options()).format()).isEqualTo(FileFormat.CSV);
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
                "PZ0361: dataset 'orders': localfiles does not support format 'orc' (supported: avro, csv, json, parquet, tsv, xlsx)");
    }

    @Test
    void delimiterOnTsv() {
        assertRefused(options("format", "tsv", "delimiter", ";"), PzCode.FILE_FORMAT_OPTION_INVALID,
                "PZ0362: dataset 'orders': 'delimiter' is not an option of format 'tsv' -- remove it or change the format");
    }

    @Test
    void multiCharacterOrQuoteDelimiter() {
        assertRefused(options("delimiter", "||"), PzCode.FILE_FORMAT_OPTION_INVALID,
                "PZ0362: dataset 'orders': 'delimiter' must be one ASCII character other than a quote, newline or"
                        + " carriage return (got '||')");
        assertThatThrownBy(() -> resolve(options("delimiter", "\""))).isInstanceOf(PzConnectorException.class);
        assertThatThrownBy(() -> resolve(options("delimiter", "é"))).isInstanceOf(PzConnectorException.class);
    }

    @Test
    void badLayout() {
        assertRefused(options("format", "json", "layout", "lines"), PzCode.FILE_FORMAT_OPTION_INVALID,
                "PZ0362: dataset 'orders': 'layout' must be 'ndjson' or 'array' (got 'lines')");
        assertRefused(options("layout", "array"), PzCode.FILE_FORMAT_OPTION_INVALID,
                "PZ0362: dataset 'orders': 'layout' is not an option of format 'csv' -- remove it or change the format");
    }

    @Test
    void sheetAndHeaderBelongToXlsx() {
        assertRefused(options("header", true), PzCode.FILE_FORMAT_OPTION_INVALID,
                "PZ0362: dataset 'orders': 'header' is not an option of format 'csv' -- remove it or change the format");
        assertRefused(options("format", "xlsx", "sheet", ""), PzCode.FILE_FORMAT_OPTION_INVALID,
                "PZ0362: dataset 'orders': 'sheet' must not be empty");
        assertThatThrownBy(() -> resolve(options("format", "xlsx", "header", "yes"))).isInstanceOf(PzConnectorException.class);
    }

    @Test
    void compressionBelongsToParquet() {
        assertThat(resolve(options("format", "parquet", "compression", "ZSTD")).compression()).isEqualTo("zstd");
        assertThatThrownBy(() -> resolve(options("compression", "gzip"))).isInstanceOf(PzConnectorException.class);
        assertThatThrownBy(() -> resolve(options("format", "parquet", "compression", "rar"))).isInstanceOf(PzConnectorException.class);
    }

    @Test
    void aMissingRequiredFormatNamesTheConnector() {
        assertThatThrownBy(() -> FormatOptions.resolve(options(), null, "s3", "output 'orders'"))
                .isInstanceOfSatisfying(PzConnectorException.class,
                        e -> assertThat(e.code()).contains(PzCode.FILE_FORMAT_UNSUPPORTED))
                .hasMessage("PZ0361: output 'orders': s3 requires 'format' (supported: avro, csv, json, parquet, tsv, xlsx)");
    }

    /** Alternating keys and values, in order. */
    static Map<String, Object> options(Object... keysAndValues) {
        Map<String, Object> options = new java.util.LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            options.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return options;
    }
}
