package dev.pz.engine.events;

import java.util.Objects;

/** One column of a staged table as DuckDB describes it: its name and its DuckDB type ({@code BIGINT}). */
public record SchemaColumn(String name, String type) {

    public SchemaColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }
}
