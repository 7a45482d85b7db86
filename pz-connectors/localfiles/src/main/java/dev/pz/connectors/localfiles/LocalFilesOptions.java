package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.files.FileFormat;
import dev.pz.connectors.files.FormatOptions;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Every option localfiles accepts. The format options ({@code delimiter}, {@code layout},
 * {@code sheet}, {@code header}, {@code compression}) are declared once for every file-place
 * connector in {@link FormatOptions}; each belongs to one format, and using it with another is
 * refused when the format is resolved (PZ0362). An unknown format is PZ0361, a bad format option
 * value PZ0362, anything else PZ0301. A {@code path} may hold calendar tokens ({@code {yyyy}} …).
 */
final class LocalFilesOptions {

    static final Option<String> ROOT = Option.string("root", "Directory that relative paths resolve under:"
            + " relative to the project directory, or absolute. Default: the project directory.")
            .must("be a valid path", LocalFilesOptions::validPath);

    static final Option<String> READ_PATH = Option.string("path", "File to read (a DuckDB glob reads several;"
            + " calendar tokens such as {yyyy}/{MM}/{dd} read the folders of a bounded window), relative to root or"
            + " absolute. Default: <entity>.<format extension>.")
            .must("be a valid path", LocalFilesOptions::validPath);
    static final Option<String> WRITE_PATH = Option.string("path", "Directory the output file is written into"
            + " (with partition_by, calendar tokens such as {yyyy}/{MM}/{dd} name one folder per bucket), relative"
            + " to root or absolute. Default: <entity>.")
            .must("be a valid path", LocalFilesOptions::validPath);

    static final Option<FileFormat> READ_FORMAT = FormatOptions.formatOption("File format of the dataset.",
            List.of(FileFormat.values()), FileFormat.CSV);
    static final Option<FileFormat> WRITE_FORMAT = FormatOptions.formatOption("File format of the output"
            + " (avro is read-only).", Arrays.stream(FileFormat.values()).filter(FileFormat::writable).toList(),
            FileFormat.PARQUET);

    static final OptionSet CONNECTION = OptionSet.of(ROOT);
    static final OptionSet READ = OptionSet.of(READ_PATH, READ_FORMAT, FormatOptions.DELIMITER, FormatOptions.LAYOUT,
            FormatOptions.SHEET, FormatOptions.HEADER);
    static final OptionSet WRITE = OptionSet.of(WRITE_PATH, WRITE_FORMAT, FormatOptions.DELIMITER,
            FormatOptions.LAYOUT, FormatOptions.SHEET, FormatOptions.HEADER, FormatOptions.COMPRESSION);

    private LocalFilesOptions() {
    }

    private static boolean validPath(String path) {
        try {
            Path.of(path);
            return true;
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
