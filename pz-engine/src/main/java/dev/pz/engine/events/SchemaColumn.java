package dev.pz.engine.events;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** One column of a staged table as DuckDB describes it: its name and its DuckDB type ({@code BIGINT}). */
public record SchemaColumn(String name, String type) {

    public SchemaColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /** {@code columns} as the JSON list of events and run_results.json: {@code [{"name","type"}, …]}. */
    public static List<Object> json(List<SchemaColumn> columns) {
        return columns.stream().<Object>map(column -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", column.name());
            entry.put("type", column.type());
            return entry;
        }).toList();
    }
}
