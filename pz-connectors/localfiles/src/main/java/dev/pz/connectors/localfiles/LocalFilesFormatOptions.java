package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionValues;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;

/**
 * A resolved format and its options: the format named by {@code format} or the direction's default,
 * each format option checked against the format that owns it, and each value checked by its
 * declaration in {@link LocalFilesOptions}.
 *
 * @param delimiter the effective delimiter: tab for tsv, the option for csv, else comma
 * @param arrayLayout json {@code layout: array}
 * @param sheet the xlsx sheet, or null
 * @param header the xlsx header flag (default true)
 * @param compression the parquet write codec, or null for DuckDB's default
 */
record LocalFilesFormatOptions(LocalFilesFormat format, char delimiter, boolean arrayLayout, String sheet,
        boolean header, String compression) {

    /**
     * The options of a read.
     *
     * @throws PzConnectorException PZ0361 for an unknown format, PZ0362 for a misplaced or bad option
     */
    static LocalFilesFormatOptions of(DatasetSpec spec) {
        return resolve(spec, LocalFilesOptions.READ_FORMAT, false);
    }

    /**
     * The options of a write.
     *
     * @throws PzConnectorException PZ0361 for an unknown or read-only format, PZ0362 for a misplaced
     *     or bad option
     */
    static LocalFilesFormatOptions of(OutputSpec spec) {
        return resolve(spec, LocalFilesOptions.WRITE_FORMAT, true);
    }

    private static LocalFilesFormatOptions resolve(OptionValues values, Option<LocalFilesFormat> formatOption,
            boolean write) {
        LocalFilesFormat format = values.get(formatOption);
        requireOwner(values, LocalFilesOptions.DELIMITER, format, LocalFilesFormat.CSV);
        requireOwner(values, LocalFilesOptions.LAYOUT, format, LocalFilesFormat.JSON);
        requireOwner(values, LocalFilesOptions.SHEET, format, LocalFilesFormat.XLSX);
        requireOwner(values, LocalFilesOptions.HEADER, format, LocalFilesFormat.XLSX);
        if (write) {
            requireOwner(values, LocalFilesOptions.COMPRESSION, format, LocalFilesFormat.PARQUET);
        }
        char delimiter = switch (format) {
            case TSV -> '\t';
            case CSV -> values.get(LocalFilesOptions.DELIMITER).charAt(0);
            case AVRO, JSON, PARQUET, XLSX -> ',';
        };
        boolean arrayLayout = values.get(LocalFilesOptions.LAYOUT) == LocalFilesOptions.JsonLayout.ARRAY;
        String compression = write ? values.find(LocalFilesOptions.COMPRESSION).map(Choice::word).orElse(null) : null;
        return new LocalFilesFormatOptions(format, delimiter, arrayLayout, values.get(LocalFilesOptions.SHEET),
                values.get(LocalFilesOptions.HEADER), compression);
    }

    private static void requireOwner(OptionValues values, Option<?> option, LocalFilesFormat format,
            LocalFilesFormat owner) {
        if (values.isSet(option) && format != owner) {
            throw new PzConnectorException(PzCode.FILE_FORMAT_OPTION_INVALID, values.context() + ": '" + option.name()
                    + "' is not an option of format '" + format.word() + "'",
                    "remove it or change the format");
        }
    }
}
