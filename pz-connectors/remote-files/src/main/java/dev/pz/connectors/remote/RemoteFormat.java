package dev.pz.connectors.remote;

import dev.pz.connectors.api.Choice;
import java.util.Locale;

/** The formats a remote file connector moves; DuckDB reads and writes each of them on local files. */
public enum RemoteFormat implements Choice {
    CSV, JSON, PARQUET, TSV;

    @Override
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The file name extension of an output in this format. */
    public String extension() {
        return word();
    }

    public boolean isCsv() {
        return this == CSV || this == TSV;
    }
}
