package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec.Watermark;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The native read fragments ({@code read_csv}, {@code read_json}, {@code read_parquet},
 * {@code read_xlsx}, {@code read_avro}), plus the wrapper that bounds a read window. A contracted
 * csv read names its whole dialect ({@code delim}, {@code quote}, {@code escape}) so DuckDB's
 * conversion errors name the failing line.
 */
final class LocalFilesScanSql {

    private LocalFilesScanSql() {
    }

    /**
     * @param url a quoted DuckDB string literal holding the absolute path
     * @param contract the DuckDB type of each declared column in declaration order, or null
     */
    static String fragment(LocalFilesFormatOptions options, String url, Map<String, String> contract) {
        return switch (options.format()) {
            case CSV, TSV -> csv(options, url, contract);
            case JSON -> json(options, url, contract);
            case PARQUET -> "read_parquet(" + url + ")";
            case XLSX -> cast(contract, "read_xlsx(" + url + ", header = " + options.header()
                    + (options.sheet() == null ? "" : ", sheet = " + LocalFilesSql.string(options.sheet())) + ")");
            case AVRO -> cast(contract, "read_avro(" + url + ")");
        };
    }

    /**
     * Keeps only rows inside {@code (lower, upper]} of a bounded window; the fragment unchanged for
     * any other read (an unwindowed incremental read is cut by the pipeline's own predicate).
     */
    static String window(String fragment, Watermark watermark) {
        if (watermark == null || watermark.cursor() == null || watermark.upperBound() == null) {
            return fragment;
        }
        if (watermark.lowerValue() == null) {
            throw new IllegalStateException("a bounded window on cursor '" + watermark.cursor()
                    + "' arrived without a lower bound");
        }
        String cursor = LocalFilesSql.identifier(watermark.cursor());
        return "(select * from " + fragment + " where " + cursor + " > " + LocalFilesSql.string(watermark.lowerValue())
                + " and " + cursor + " <= " + LocalFilesSql.string(watermark.upperBound()) + ")";
    }

    /**
     * Maps a {@code columns:} contract to DuckDB types, keeping declaration order.
     *
     * @throws PzConnectorException for a type outside the eight contract types
     */
    static Map<String, String> duckTypes(Map<String, String> columns, String context) {
        Map<String, String> types = new LinkedHashMap<>();
        columns.forEach((name, word) -> types.put(name, ContractTypes.fromWord(word)
                .orElseThrow(() -> new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, context + ": column '"
                        + name + "': unknown columns: contract type '" + word + "'"))
                .duckDbType()));
        return types;
    }

    /** Whether a contract-less read leaves the delimiter to DuckDB's sniffer (it names only a non-comma one). */
    static boolean sniffsDelimiter(LocalFilesFormatOptions options) {
        return options.delimiter() == ',';
    }

    private static String csv(LocalFilesFormatOptions options, String url, Map<String, String> contract) {
        String delimiter = LocalFilesSql.delimiter(options.delimiter());
        if (contract == null) {
            return "read_csv(" + url + ", header = true, auto_detect = true"
                    + (sniffsDelimiter(options) ? "" : ", delim = " + delimiter) + ")";
        }
        return "read_csv(" + url + ", header = true, auto_detect = false, columns = " + columnsStruct(contract)
                + ", delim = " + delimiter + ", quote = '\"', escape = '\"')";
    }

    private static String json(LocalFilesFormatOptions options, String url, Map<String, String> contract) {
        String format = "format = '" + (options.arrayLayout() ? "array" : "newline_delimited") + "'";
        if (contract == null) {
            return "read_json(" + url + ", auto_detect = true, " + format + ")";
        }
        return "read_json(" + url + ", columns = " + columnsStruct(contract) + ", " + format + ")";
    }

    /** Formats without a {@code columns =} parameter prune and type by casting the declared columns. */
    private static String cast(Map<String, String> contract, String read) {
        if (contract == null) {
            return read;
        }
        List<String> projections = new ArrayList<>();
        contract.forEach((name, type) -> {
            String column = LocalFilesSql.identifier(name);
            projections.add(column + "::" + type + " as " + column);
        });
        return "(select " + String.join(", ", projections) + " from " + read + ")";
    }

    private static String columnsStruct(Map<String, String> contract) {
        return contract.entrySet().stream()
                .map(column -> LocalFilesSql.string(column.getKey()) + ": " + LocalFilesSql.string(column.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
