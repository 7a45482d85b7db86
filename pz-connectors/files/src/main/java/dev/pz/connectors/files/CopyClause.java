package dev.pz.connectors.files;

/** The option clause of {@code copy (…) to '<target>' (<clause>)} for each writable format. */
public final class CopyClause {

    private CopyClause() {
    }

    public static String of(FormatOptions options) {
        return switch (options.format()) {
            case PARQUET -> "format parquet" + (options.compression() == null ? "" : ", compression " + options.compression());
            case CSV, TSV -> "format csv, header"
                    + (options.delimiter() == ',' ? "" : ", delimiter " + SqlText.delimiter(options.delimiter()));
            case JSON -> options.arrayLayout() ? "format json, array true" : "format json";
            case XLSX -> "format xlsx, header " + options.header()
                    + (options.sheet() == null ? "" : ", sheet " + SqlText.string(options.sheet()));
            case AVRO -> throw new IllegalStateException("avro is read-only");
        };
    }
}
