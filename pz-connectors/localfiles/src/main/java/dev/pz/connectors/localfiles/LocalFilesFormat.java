package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.Choice;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The file formats localfiles reads (all) and writes (all but avro), in name order. */
enum LocalFilesFormat implements Choice {
    AVRO("avro", "read_avro", false, "avro"),
    CSV("csv", "read_csv", true, null),
    JSON("json", "read_json", true, null),
    PARQUET("parquet", "read_parquet", true, null),
    TSV("tsv", "read_csv", true, null),
    XLSX("xlsx", "read_xlsx", true, "excel");

    private final String word;
    private final String readFunction;
    private final boolean writable;
    private final String extension;

    LocalFilesFormat(String word, String readFunction, boolean writable, String extension) {
        this.word = word;
        this.readFunction = readFunction;
        this.writable = writable;
        this.extension = extension;
    }

    /** The format's name as users write it; also the file extension. */
    @Override
    public String word() {
        return word;
    }

    String fileExtension() {
        return word;
    }

    /** The DuckDB table function that reads it; the native scan's mechanism. */
    String readFunction() {
        return readFunction;
    }

    boolean writable() {
        return writable;
    }

    /**
     * {@code install}/{@code load} statements for the DuckDB extension the format needs: none, since
     * the formats that need one (xlsx, avro) are read and written by pz itself.
     */
    List<String> setupStatements() {
        return List.of();
    }

    /**
     * Whether pz reads and writes this format itself on the universal tier: its DuckDB extension
     * is not built into the driver and cannot be downloaded offline, so the native tier never
     * carries it and no download is ever attempted.
     */
    boolean handledByPz() {
        return extension != null;
    }

    /** The plan's reason for taking the universal tier with a format pz handles itself. */
    String universalReason(String verb) {
        return "localfiles " + verb + " " + word + " itself (DuckDB's " + extension
                + " extension is not built in; no download is attempted)";
    }

    static Optional<LocalFilesFormat> fromWord(String word) {
        String lower = word.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(format -> format.word.equals(lower)).findFirst();
    }
}
