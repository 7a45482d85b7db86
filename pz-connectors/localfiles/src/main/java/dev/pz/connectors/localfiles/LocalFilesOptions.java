package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.error.PzCode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Every option localfiles accepts. A format option ({@code delimiter}, {@code layout},
 * {@code sheet}, {@code header}, {@code compression}) belongs to one format; using it with another
 * is refused when the format is resolved (PZ0362). An unknown format is PZ0361, a bad format option
 * value PZ0362, anything else PZ0301.
 */
final class LocalFilesOptions {

    static final Option<String> ROOT = Option.string("root", "Directory that relative paths resolve under:"
            + " relative to the project directory, or absolute. Default: the project directory.")
            .must("be a valid path", LocalFilesOptions::validPath);

    static final Option<String> READ_PATH = Option.string("path", "File to read (a DuckDB glob reads several),"
            + " relative to root or absolute. Default: <entity>.<format extension>.")
            .must("be a valid path", LocalFilesOptions::validPath);
    static final Option<String> WRITE_PATH = Option.string("path", "Directory the output file is written into,"
            + " relative to root or absolute. Default: <entity>.")
            .must("be a valid path", LocalFilesOptions::validPath);

    static final Option<LocalFilesFormat> READ_FORMAT = Option.choice("format", "File format of the dataset.",
            LocalFilesFormat.class).defaultValue(LocalFilesFormat.CSV).refusedWith(PzCode.FILE_FORMAT_UNSUPPORTED);
    static final Option<LocalFilesFormat> WRITE_FORMAT = Option.choice("format", "File format of the output"
            + " (avro is read-only).", Arrays.stream(LocalFilesFormat.values()).filter(LocalFilesFormat::writable)
                    .toList()).defaultValue(LocalFilesFormat.PARQUET).refusedWith(PzCode.FILE_FORMAT_UNSUPPORTED);

    static final Option<String> DELIMITER = Option.string("delimiter", "csv only: the field separator.")
            .must("be one ASCII character other than a quote, newline or carriage return",
                    LocalFilesOptions::validDelimiter)
            .defaultValue(",").refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);
    static final Option<JsonLayout> LAYOUT = Option.choice("layout", "json only: one object per line (ndjson) or"
            + " one top-level array.", JsonLayout.class).defaultValue(JsonLayout.NDJSON)
            .refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);
    static final Option<String> SHEET = Option.string("sheet", "xlsx only: the worksheet. Default: the first.")
            .must("not be empty", sheet -> !sheet.isEmpty()).refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);
    static final Option<Boolean> HEADER = Option.bool("header", "xlsx only: whether the first row names the columns.")
            .defaultValue(true).refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);
    static final Option<ParquetCompression> COMPRESSION = Option.choice("compression", "parquet only: the codec."
            + " Default: DuckDB's.", ParquetCompression.class).refusedWith(PzCode.FILE_FORMAT_OPTION_INVALID);

    static final OptionSet CONNECTION = OptionSet.of(ROOT);
    static final OptionSet READ = OptionSet.of(READ_PATH, READ_FORMAT, DELIMITER, LAYOUT, SHEET, HEADER);
    static final OptionSet WRITE = OptionSet.of(WRITE_PATH, WRITE_FORMAT, DELIMITER, LAYOUT, SHEET, HEADER,
            COMPRESSION);

    private LocalFilesOptions() {
    }

    /** The two json layouts. */
    enum JsonLayout implements Choice {
        NDJSON, ARRAY;

        @Override
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The parquet codecs DuckDB's COPY accepts; an addition of pz for Java. */
    enum ParquetCompression implements Choice {
        SNAPPY, GZIP, ZSTD, LZ4, BROTLI, UNCOMPRESSED;

        @Override
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static boolean validPath(String path) {
        try {
            Path.of(path);
            return true;
        } catch (InvalidPathException e) {
            return false;
        }
    }

    private static boolean validDelimiter(String text) {
        return text.length() == 1 && text.charAt(0) <= 127 && "\"\n\r".indexOf(text.charAt(0)) < 0;
    }
}
