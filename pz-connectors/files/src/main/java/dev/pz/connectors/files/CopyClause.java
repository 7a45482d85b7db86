package dev.pz.connectors.files;

/**
 * The option clause of {@code copy (…) to '<target>' (<clause>)} for each format DuckDB writes. It names
 * the format explicitly: a temporary's name carries no extension.
 */
public final class CopyClause {

    private CopyClause() {
    }

    public static String of(FormatOptions options) {
        return switch (options.format()) {
            case PARQUET -> "format parquet" + (options.compression() == null ? "" : ", compression " + options.compression());
            case CSV, TSV -> "format csv, header"
                    + (options.delimiter() == ',' ? "" : ", delimiter " + SqlText.delimiter(options.delimiter()));
            case JSON -> options.arrayLayout() ? "format json, array true" : "format json";
            case XLSX -> throw new IllegalStateException("pz writes xlsx itself");
            case AVRO -> throw new IllegalStateException("avro is read-only");
        };
    }
}
