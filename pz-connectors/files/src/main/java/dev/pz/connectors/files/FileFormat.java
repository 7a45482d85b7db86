package dev.pz.connectors.files;

import dev.pz.connectors.api.Choice;

/**
 * The file formats of file-place connectors, in name order: the DuckDB table function that reads
 * each, whether it can be written, and — for xlsx and avro — the DuckDB extension that would read it.
 * Those extensions are not built into the driver and cannot be downloaded offline, so DuckDB never
 * carries xlsx or avro: pz reads and writes them itself ({@code dev.pz.connectors.formats}), on the
 * universal tier, and no download is ever attempted.
 */
public enum FileFormat implements Choice {
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

    FileFormat(String word, String readFunction, boolean writable, String extension) {
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

    public String fileExtension() {
        return word;
    }

    public boolean isCsv() {
        return this == CSV || this == TSV;
    }

    /** Whether DuckDB invents this format's schema when no contract is declared (everything but parquet, avro). */
    public boolean infersSchema() {
        return this != PARQUET && this != AVRO;
    }

    /** The DuckDB table function that reads it; the native scan's mechanism. */
    public String readFunction() {
        return readFunction;
    }

    public boolean writable() {
        return writable;
    }

    /** Whether pz reads and writes this format itself, on the universal tier (xlsx, avro). */
    public boolean handledByPz() {
        return extension != null;
    }

    /** The plan's reason for taking the universal tier with a format pz handles itself. */
    public String universalReason(String connector, String verb) {
        return connector + " " + verb + " " + word + " itself (DuckDB's " + extension
                + " extension is not built in; no download is attempted)";
    }
}
