package dev.pz.connectors.files;

import dev.pz.connectors.api.DatasetSpec.Watermark;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * DuckDB's read fragments for each format, and the window wrapper of bounded windows. A contract
 * prunes and types the read to exactly the declared columns; no contract lets DuckDB infer
 * everything. A contracted csv read names its whole dialect ({@code delim}, {@code quote},
 * {@code escape}) so DuckDB's conversion errors name the failing line.
 */
public final class ScanSql {

    private ScanSql() {
    }

    /**
     * @param url a quoted DuckDB string literal, or a list literal of several (see {@link SqlText#paths})
     * @param contract the DuckDB type of each declared column in declaration order, or null
     */
    public static String fragment(FormatOptions options, String url, Map<String, String> contract) {
        return switch (options.format()) {
            case CSV, TSV -> csv(options, url, contract);
            case JSON -> json(options, url, contract);
            case PARQUET -> "read_parquet(" + url + ")";
            case XLSX, AVRO -> throw new IllegalStateException("pz reads " + options.format().word() + " itself");
        };
    }

    /**
     * Keeps only rows inside {@code (lower, upper]} of a bounded window; the fragment unchanged for
     * any other read (an unwindowed incremental read is cut by the pipeline's own predicate).
     */
    public static String window(String fragment, Watermark watermark) {
        if (watermark == null || watermark.cursor() == null || watermark.upperBound() == null) {
            return fragment;
        }
        if (watermark.lowerValue() == null) {
            throw new IllegalStateException("a bounded window on cursor '" + watermark.cursor()
                    + "' arrived without a lower bound");
        }
        String cursor = SqlText.identifier(watermark.cursor());
        return "(select * from " + fragment + " where " + cursor + " > " + SqlText.string(watermark.lowerValue())
                + " and " + cursor + " <= " + SqlText.string(watermark.upperBound()) + ")";
    }

    /**
     * A relation of the contract's columns and no rows: what a read over an empty file set lands
     * (DuckDB's readers refuse an empty list).
     */
    public static String empty(Map<String, String> contract) {
        return contract.entrySet().stream()
                .map(column -> "cast(null as " + column.getValue() + ") as " + SqlText.identifier(column.getKey()))
                .collect(Collectors.joining(", ", "(select ", " limit 0)"));
    }

    /**
     * Maps a {@code columns:} contract to DuckDB types, keeping declaration order.
     *
     * @throws PzConnectorException for a type outside the eight contract types
     */
    public static Map<String, String> duckTypes(Map<String, String> columns, String context) {
        Map<String, String> types = new LinkedHashMap<>();
        ContractSchema.types(columns, context).forEach((name, type) -> types.put(name, type.duckDbType()));
        return types;
    }

    /** Whether a contract-less read leaves the delimiter to DuckDB's sniffer (it names only a non-comma one). */
    public static boolean sniffsDelimiter(FormatOptions options) {
        return options.delimiter() == ',';
    }

    /**
     * DuckDB's sniff of a contract-less csv read by {@link #fragment}: the same file and dialect
     * options, so it reports the formats that read inferred (its {@code DateFormat} and
     * {@code TimestampFormat} columns).
     */
    public static String sniff(FormatOptions options, String url) {
        return "sniff_csv(" + url + ", header = true"
                + (sniffsDelimiter(options) ? "" : ", delim = " + SqlText.delimiter(options.delimiter())) + ")";
    }

    private static String csv(FormatOptions options, String url, Map<String, String> contract) {
        String delimiter = SqlText.delimiter(options.delimiter());
        if (contract == null) {
            return "read_csv(" + url + ", header = true, auto_detect = true"
                    + (sniffsDelimiter(options) ? "" : ", delim = " + delimiter) + ")";
        }
        return "read_csv(" + url + ", header = true, auto_detect = false, columns = " + columnsStruct(contract)
                + ", delim = " + delimiter + ", quote = '\"', escape = '\"')";
    }

    /**
     * A csv read that binds columns by header name: every column is read as text; a contract keeps
     * and casts exactly its columns, wherever the header puts them (a column the header lacks fails
     * the read with its name); without one every header column lands as text.
     *
     * @param contract the DuckDB type of each declared column in declaration order, or null
     */
    public static String csvByName(FormatOptions options, String url, Map<String, String> contract) {
        String read = "read_csv(" + url + ", header = true, auto_detect = true, all_varchar = true"
                + (sniffsDelimiter(options) ? "" : ", delim = " + SqlText.delimiter(options.delimiter())) + ")";
        return contract == null ? read : castByName(contract, read);
    }

    /**
     * Exactly the contract's columns of {@code read}, found by name and cast to their types (a column
     * the read lacks fails the statement with its name).
     */
    public static String castByName(Map<String, String> contract, String read) {
        return contract.entrySet().stream()
                .map(column -> SqlText.identifier(column.getKey()) + "::" + column.getValue() + " as "
                        + SqlText.identifier(column.getKey()))
                .collect(Collectors.joining(", ", "(select ", " from " + read + ")"));
    }

    private static String json(FormatOptions options, String url, Map<String, String> contract) {
        String format = "format = '" + (options.arrayLayout() ? "array" : "newline_delimited") + "'";
        if (contract == null) {
            return "read_json(" + url + ", auto_detect = true, " + format + ")";
        }
        return "read_json(" + url + ", columns = " + columnsStruct(contract) + ", " + format + ")";
    }

    private static String columnsStruct(Map<String, String> contract) {
        return contract.entrySet().stream()
                .map(column -> SqlText.string(column.getKey()) + ": " + SqlText.string(column.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
