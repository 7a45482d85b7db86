package dev.pz.connectors.files;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionValues;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A resolved format and its options: the format named by the connector's {@code format} option (or
 * its default), each format option checked against the format that owns it, and each value checked
 * by its declaration here. The format options are declared once for every file-place connector; a
 * connector declares its own {@code format} option with {@link #formatOption} (which formats, which
 * default) and lists the format options it accepts in its option sets. An unknown or unsupported
 * format is PZ0361, a bad or misplaced format option PZ0362.
 *
 * @param delimiter the effective delimiter: tab for tsv, the option for csv, else comma
 * @param arrayLayout json {@code layout: array}
 * @param sheet the xlsx sheet, or null
 * @param header the xlsx header flag (default true)
 * @param compression the parquet write codec, or null for DuckDB's default
 */
public record FormatOptions(FileFormat format, char delimiter, boolean arrayLayout, String sheet,
        boolean header, String compression) {

    public static final Option<String> DELIMITER = Option.string("delimiter", "csv only: the field separator.")
            .must("be one ASCII character other than a quote, newline or carriage return",
                    FormatOptions::validDelimiter)
            .defaultValue(",").refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);
    public static final Option<JsonLayout> LAYOUT = Option.choice("layout", "json only: one object per line (ndjson)"
            + " or one top-level array.", JsonLayout.class).defaultValue(JsonLayout.NDJSON)
            .refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);
    public static final Option<String> SHEET = Option.string("sheet", "xlsx only: the worksheet. Default: the first.")
            .must("not be empty", sheet -> !sheet.isEmpty()).refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);
    public static final Option<Boolean> HEADER = Option.bool("header", "xlsx only: whether the first row names the"
            + " columns.").defaultValue(true).refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);
    public static final Option<ParquetCompression> COMPRESSION = Option.choice("compression", "parquet only: the"
            + " codec. Default: DuckDB's.", ParquetCompression.class).refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);

    /**
     * A connector's {@code format} option: the formats it accepts, in the order users see them, and
     * its default, or none when the option is required.
     */
    public static Option<FileFormat> formatOption(String description, List<FileFormat> accepted,
            FileFormat defaultFormat) {
        Option<FileFormat> option = Option.choice("format", description, accepted)
                .refusedWith(PzCode.FILE_FORMAT_UNSUPPORTED);
        return defaultFormat == null ? option.required() : option.defaultValue(defaultFormat);
    }

    /**
     * The options of a read.
     *
     * @throws PzConnectorException PZ0361 for an unknown format, PZ0362 for a misplaced or bad option
     */
    public static FormatOptions of(DatasetSpec spec, Option<FileFormat> formatOption) {
        return resolve(spec, formatOption, false);
    }

    /**
     * The options of a write.
     *
     * @throws PzConnectorException PZ0361 for a missing, unknown or unwritable format, PZ0362 for a
     *     misplaced or bad option
     */
    public static FormatOptions of(OutputSpec spec, Option<FileFormat> formatOption) {
        return resolve(spec, formatOption, true);
    }

    /**
     * The format options written for another format than the one read or written (PZ0362), as a
     * connector's offline cross-option rules report them ({@code Connector#validateRead},
     * {@code Connector#validateWrite}); the declarations have checked each value already.
     */
    public static List<OptionProblem> problems(OptionValues values, Option<FileFormat> formatOption, boolean write) {
        FileFormat format = values.get(formatOption);
        List<OptionProblem> problems = new ArrayList<>();
        for (Option<?> option : misplaced(values, format, write)) {
            problems.add(new OptionProblem(option.name(), OptionProblem.Kind.INVALID, PzCode.FILE_FORMAT_OPTION_INVALID,
                    misplacedMessage(option, format), MISPLACED_HINT));
        }
        return problems;
    }

    private static FormatOptions resolve(OptionValues values, Option<FileFormat> formatOption, boolean write) {
        FileFormat format = values.get(formatOption);
        List<Option<?>> misplaced = misplaced(values, format, write);
        if (!misplaced.isEmpty()) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_OPTION_INVALID, values.context() + ": "
                    + misplacedMessage(misplaced.get(0), format), MISPLACED_HINT);
        }
        char delimiter = switch (format) {
            case TSV -> '\t';
            case CSV -> values.get(DELIMITER).charAt(0);
            case AVRO, JSON, PARQUET, XLSX -> ',';
        };
        boolean arrayLayout = values.get(LAYOUT) == JsonLayout.ARRAY;
        String compression = write ? values.find(COMPRESSION).map(Choice::word).orElse(null) : null;
        return new FormatOptions(format, delimiter, arrayLayout, values.get(SHEET), values.get(HEADER), compression);
    }

    private static final String MISPLACED_HINT = "remove it or change the format";

    /** The format options set for a format that does not own them, in declaration order. */
    private static List<Option<?>> misplaced(OptionValues values, FileFormat format, boolean write) {
        List<Option<?>> misplaced = new ArrayList<>();
        addIfMisplaced(misplaced, values, DELIMITER, format, FileFormat.CSV);
        addIfMisplaced(misplaced, values, LAYOUT, format, FileFormat.JSON);
        addIfMisplaced(misplaced, values, SHEET, format, FileFormat.XLSX);
        addIfMisplaced(misplaced, values, HEADER, format, FileFormat.XLSX);
        if (write) {
            addIfMisplaced(misplaced, values, COMPRESSION, format, FileFormat.PARQUET);
        }
        return misplaced;
    }

    private static void addIfMisplaced(List<Option<?>> misplaced, OptionValues values, Option<?> option,
            FileFormat format, FileFormat owner) {
        if (values.isSet(option) && format != owner) {
            misplaced.add(option);
        }
    }

    private static String misplacedMessage(Option<?> option, FileFormat format) {
        return "'" + option.name() + "' is not an option of format '" + format.word() + "'";
    }

    private static boolean validDelimiter(String text) {
        return text.length() == 1 && text.charAt(0) <= 127 && "\"\n\r".indexOf(text.charAt(0)) < 0;
    }

    /** The two json layouts. */
    public enum JsonLayout implements Choice {
        NDJSON, ARRAY;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The parquet codecs DuckDB's COPY accepts; an addition of pz for Java. */
    public enum ParquetCompression implements Choice {
        SNAPPY, GZIP, ZSTD, LZ4, BROTLI, UNCOMPRESSED;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
