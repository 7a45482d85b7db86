package dev.pz.engine.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One sidecar check: its type ({@code not_null}, {@code unique}, {@code row_count},
 * {@code freshness}, {@code accepted_values}, {@code custom_sql}), its columns (normalized from
 * {@code column}/{@code columns}), its other options in declared order (without columns and
 * {@code sample_values}), and the per-check {@code sample_values} override (null when absent).
 */
public record CheckDef(String type, List<String> columns, Map<String, Object> options, Boolean sampleValues,
        SourceLocation location) {

    public CheckDef {
        columns = List.copyOf(columns);
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }
}
