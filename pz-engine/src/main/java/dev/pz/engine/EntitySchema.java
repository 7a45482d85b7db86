package dev.pz.engine;

import java.util.List;

/**
 * One entity's schema as a live probe found it. {@code source} is {@code fetched} when the columns
 * are the live ones (the entity has no {@code columns:} contract) and {@code declared_contract}
 * when they are the contract's, which the live schema was checked against; {@code extraColumns}
 * are live columns the contract does not name (empty without a contract or when none grew).
 */
public record EntitySchema(List<Column> columns, String source, List<Column> extraColumns) {

    /** One column: its name, and its contract word or Arrow-derived type name ({@code Int64}, {@code Utf8}). */
    public record Column(String name, String type) {
    }

    public EntitySchema {
        columns = List.copyOf(columns);
        extraColumns = List.copyOf(extraColumns);
    }

    /** Whether the live schema has columns the contract does not declare. */
    public boolean differsFromContract() {
        return !extraColumns.isEmpty();
    }
}
