package dev.pz.engine.state;

import dev.pz.engine.events.SchemaChange;
import dev.pz.engine.events.SchemaColumn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A contract-less dataset's accepted schema: its staged columns in order, the hash of the read shape
 * they were observed under ({@code hintsHash}), and the run (or {@code pz schema accept}) that stored it.
 */
public record SchemaBaseline(List<SchemaColumn> columns, String hintsHash, String runId) {

    public SchemaBaseline {
        columns = List.copyOf(columns);
    }

    /**
     * What changed from this baseline to {@code observed}: columns added (in observed order), then
     * columns removed or retyped (in baseline order). Names compare exactly, types as DuckDB spells them.
     */
    public List<SchemaChange> changesTo(List<SchemaColumn> observed) {
        Map<String, String> before = types(columns);
        Map<String, String> after = types(observed);
        List<SchemaChange> changes = new ArrayList<>();
        for (SchemaColumn column : observed) {
            if (!before.containsKey(column.name())) {
                changes.add(new SchemaChange("added", column.name(), null, column.type()));
            }
        }
        for (SchemaColumn column : columns) {
            String now = after.get(column.name());
            if (now == null) {
                changes.add(new SchemaChange("removed", column.name(), column.type(), null));
            } else if (!now.equals(column.type())) {
                changes.add(new SchemaChange("retyped", column.name(), column.type(), now));
            }
        }
        return List.copyOf(changes);
    }

    private static Map<String, String> types(List<SchemaColumn> columns) {
        Map<String, String> types = new LinkedHashMap<>();
        columns.forEach(column -> types.put(column.name(), column.type()));
        return types;
    }
}
