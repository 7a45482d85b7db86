package dev.pz.connectors.files;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The file formats of file-place connectors, in ordinal name order: the DuckDB table function that
 * reads each, whether DuckDB writes it, and the extension it needs (only xlsx and avro need one).
 */
public enum FileFormat {
    AVRO("avro", "read_avro", false, "avro"),
    CSV("csv", "read_csv", true, null),
    JSON("json", "read_json", true, null),
    PARQUET("parquet", "read_parquet", true, null),
    TSV("tsv", "read_csv", true, null),
    XLSX("xlsx", "read_xlsx", true, "excel");

    /** The names users may write, for messages: {@code avro, csv, json, parquet, tsv, xlsx}. */
    public static final String SUPPORTED = Arrays.stream(values()).map(FileFormat::word)
            .collect(Collectors.joining(", "));

    private final String word;
    private final String readFunction;
    private final boolean writable;
    private final String extension;

    FileFormat(String word, String readFunction, boolean writable, String extension) {
        this.word = word;
        this.readFunction = readFunction;
        this.writable = writable;
        this.extension = extension;
    }

    /** The format's name as users write it; also the file extension. */
    public String word() {
        return word;
    }

    public String fileExtension() {
        return word;
    }

    /** The DuckDB table function that reads it; the native scan's mechanism. */
    public boolean isCsv() {
        return this == CSV || this == TSV;
    }

    /** Whether DuckDB invents this format's schema when no contract is declared (everything but parquet, avro). */
    public boolean infersSchema() {
        return this != PARQUET && this != AVRO;
    }

    public String readFunction() {
        return readFunction;
    }

    public boolean writable() {
        return writable;
    }

    /** {@code install}/{@code load} statements for the DuckDB extension the format needs. */
    public List<String> setupStatements() {
        return extension == null ? List.of() : List.of("install " + extension, "load " + extension);
    }

    public static Optional<FileFormat> fromWord(String word) {
        String lower = word.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(format -> format.word.equals(lower)).findFirst();
    }
}
