package dev.pz.connectors.files;

import dev.pz.connectors.api.OptionSchema;
import dev.pz.connectors.api.OptionSchema.OptionType;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A resolved format and its options: the format named by {@code format} or the direction's default,
 * each format option checked against the format that owns it, and each value checked.
 *
 * @param delimiter the effective delimiter: tab for tsv, the option for csv, else comma
 * @param arrayLayout json {@code layout: array}
 * @param sheet the xlsx sheet, or null
 * @param header the xlsx header flag (default true)
 * @param compression the parquet write codec, or null for DuckDB's default
 */
public record FormatOptions(FileFormat format, char delimiter, boolean arrayLayout, String sheet,
        boolean header, String compression) {

    public static final String FORMAT = "format";
    public static final String DELIMITER = "delimiter";
    public static final String LAYOUT = "layout";
    public static final String SHEET = "sheet";
    public static final String HEADER = "header";
    public static final String COMPRESSION = "compression";

    /** Parquet codecs DuckDB's COPY accepts. {@code compression} is a pz-for-Java addition. */
    private static final List<String> PARQUET_CODECS = List.of("snappy", "gzip", "zstd", "lz4", "brotli", "uncompressed");

    /**
     * @param defaultFormat the direction's default, or null when {@code format} is required
     * @param connector the connector's name, for messages
     * @param context {@code dataset '<d>'} or {@code output '<o>'}, the start of every message
     * @throws PzConnectorException PZ0361 for a missing or unknown format, PZ0362 for a misplaced or bad
     *     option
     */
    public static FormatOptions resolve(Map<String, Object> options, FileFormat defaultFormat, String connector,
            String context) {
        Object named = options.get(FORMAT);
        FileFormat format = defaultFormat;
        if (named != null && !String.valueOf(named).isBlank()) {
            format = FileFormat.fromWord(String.valueOf(named)).orElseThrow(() -> new PzConnectorException(
                    PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context + ": " + connector + " does not support format '"
                            + named + "' (supported: " + FileFormat.SUPPORTED + ")"));
        }
        if (format == null) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_UNSUPPORTED, "PZ0361: " + context + ": " + connector
                    + " requires 'format' (supported: " + FileFormat.SUPPORTED + ")");
        }
        requireOwner(options, DELIMITER, format, FileFormat.CSV, context);
        requireOwner(options, LAYOUT, format, FileFormat.JSON, context);
        requireOwner(options, SHEET, format, FileFormat.XLSX, context);
        requireOwner(options, HEADER, format, FileFormat.XLSX, context);
        requireOwner(options, COMPRESSION, format, FileFormat.PARQUET, context);

        char delimiter = switch (format) {
            case TSV -> '\t';
            case CSV -> options.containsKey(DELIMITER) ? delimiter(options.get(DELIMITER), context) : ',';
            case AVRO, JSON, PARQUET, XLSX -> ',';
        };
        boolean arrayLayout = options.containsKey(LAYOUT) && arrayLayout(options.get(LAYOUT), context);
        String sheet = options.containsKey(SHEET) ? sheet(options.get(SHEET), context) : null;
        boolean header = !options.containsKey(HEADER) || header(options.get(HEADER), context);
        String compression = options.containsKey(COMPRESSION) ? compression(options.get(COMPRESSION), context) : null;
        return new FormatOptions(format, delimiter, arrayLayout, sheet, header, compression);
    }

    /** Declares {@code format} and the format options every file connector accepts. */
    public static OptionSchema.Builder declare(OptionSchema.Builder builder) {
        return builder.optional(FORMAT, OptionType.STRING)
                .optional(DELIMITER, OptionType.STRING)
                .optional(LAYOUT, OptionType.STRING)
                .optional(SHEET, OptionType.STRING)
                .optional(HEADER, OptionType.BOOLEAN);
    }

    private static void requireOwner(Map<String, Object> options, String key, FileFormat format,
            FileFormat owner, String context) {
        if (options.containsKey(key) && format != owner) {
            throw invalid(context + ": '" + key + "' is not an option of format '" + format.word()
                    + "' -- remove it or change the format");
        }
    }

    private static char delimiter(Object value, String context) {
        String text = String.valueOf(value);
        if (text.length() != 1 || text.charAt(0) > 127 || "\"\n\r".indexOf(text.charAt(0)) >= 0) {
            throw invalid(context + ": 'delimiter' must be one ASCII character other than a quote, newline or"
                    + " carriage return (got '" + text + "')");
        }
        return text.charAt(0);
    }

    private static boolean arrayLayout(Object value, String context) {
        String text = String.valueOf(value);
        if (!text.equals("ndjson") && !text.equals("array")) {
            throw invalid(context + ": 'layout' must be 'ndjson' or 'array' (got '" + text + "')");
        }
        return text.equals("array");
    }

    private static String sheet(Object value, String context) {
        String text = String.valueOf(value);
        if (text.isEmpty()) {
            throw invalid(context + ": 'sheet' must not be empty");
        }
        return text;
    }

    private static boolean header(Object value, String context) {
        if (value instanceof Boolean flag) {
            return flag;
        }
        String text = String.valueOf(value).toLowerCase(Locale.ROOT);
        if (!text.equals("true") && !text.equals("false")) {
            throw invalid(context + ": 'header' must be true or false (got '" + value + "')");
        }
        return text.equals("true");
    }

    private static String compression(Object value, String context) {
        String text = String.valueOf(value).toLowerCase(Locale.ROOT);
        if (!PARQUET_CODECS.contains(text)) {
            throw invalid(context + ": 'compression' must be one of " + String.join(", ", PARQUET_CODECS)
                    + " (got '" + value + "')");
        }
        return text;
    }

    private static PzConnectorException invalid(String message) {
        return new PzConnectorException(PzCode.FILE_FORMAT_OPTION_INVALID, "PZ0362: " + message);
    }
}
