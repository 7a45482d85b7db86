package dev.pz.connectors.remote;

import dev.pz.connectors.api.ContractTypes;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.duckdb.SqlLiterals;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One read's or write's format, as the DuckDB SQL that reads local files in it and the
 * {@code COPY … TO} options that write it.
 *
 * <p>A {@code columns:} contract binds csv and parquet columns <em>by name</em> (a csv is read as
 * text and each declared column cast to its type), so a file whose columns come in another order
 * still lands right, and a declared column the file lacks fails the read with its name. Any
 * contract prunes to exactly the declared columns.
 */
public record FormatSettings(RemoteFormat format, char delimiter, boolean arrayLayout) {

    /**
     * The read of {@code files} in this format.
     *
     * @param contract the dataset's {@code columns:} contract (column → contract type), or null
     * @param textColumns without a contract, whether csv columns land as text rather than sniffed types
     */
    public String readFragment(List<Path> files, Map<String, String> contract, boolean textColumns, String context) {
        String list = files.stream().map(file -> SqlLiterals.string(file.toString()))
                .collect(Collectors.joining(", ", "[", "]"));
        Map<String, String> types = contract == null ? null : duckTypes(contract, context);
        return switch (format) {
            case CSV, TSV -> {
                String read = "read_csv(" + list + ", header = true, auto_detect = true, delim = "
                        + SqlLiterals.string(String.valueOf(delimiter)) + (textColumns || types != null
                                ? ", all_varchar = true" : "") + ")";
                yield types == null ? read : cast(types, read);
            }
            case JSON -> "read_json(" + list + (types == null ? ", auto_detect = true" : ", columns = "
                    + struct(types)) + ", format = '" + (arrayLayout ? "array" : "newline_delimited") + "')";
            case PARQUET -> types == null ? "read_parquet(" + list + ")" : cast(types, "read_parquet(" + list + ")");
        };
    }

    /** The options of {@code COPY … TO '<file>' (<options>)} that write this format. */
    public String copyOptions() {
        return switch (format) {
            case PARQUET -> "format parquet";
            case CSV, TSV -> "format csv, header" + (delimiter == ',' ? "" : ", delimiter "
                    + SqlLiterals.string(String.valueOf(delimiter)));
            case JSON -> "format json" + (arrayLayout ? ", array true" : "");
        };
    }

    /**
     * Keeps only rows inside {@code (lower, upper]} of a bounded window; the fragment unchanged for
     * any other read (an unwindowed incremental read is cut by the pipeline's own predicate).
     */
    public static String window(String fragment, DatasetSpec.Watermark watermark) {
        if (watermark == null || watermark.cursor() == null || watermark.upperBound() == null
                || watermark.lowerValue() == null) {
            return fragment;
        }
        String cursor = SqlLiterals.identifier(watermark.cursor());
        return "(select * from " + fragment + " where " + cursor + " > " + SqlLiterals.string(watermark.lowerValue())
                + " and " + cursor + " <= " + SqlLiterals.string(watermark.upperBound()) + ")";
    }

    private static Map<String, String> duckTypes(Map<String, String> contract, String context) {
        Map<String, String> types = new java.util.LinkedHashMap<>();
        contract.forEach((name, word) -> types.put(name, ContractTypes.fromWord(word)
                .orElseThrow(() -> new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, context + ": column '"
                        + name + "': unknown columns: contract type '" + word + "'"))
                .duckDbType()));
        return types;
    }

    private static String cast(Map<String, String> types, String read) {
        List<String> columns = new ArrayList<>();
        types.forEach((name, type) -> {
            String column = SqlLiterals.identifier(name);
            columns.add(column + "::" + type + " as " + column);
        });
        return "(select " + String.join(", ", columns) + " from " + read + ")";
    }

    private static String struct(Map<String, String> types) {
        return types.entrySet().stream()
                .map(column -> SqlLiterals.string(column.getKey()) + ": " + SqlLiterals.string(column.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
