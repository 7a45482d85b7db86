package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pz.engine.events.SchemaColumn;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Accepted schema baselines of contract-less datasets, by dataset key, in any {@link StateBackend}
 * (locally {@code .pz/state/schemas.json}): {@code {"columns":[{"name","type"}],"hintsHash","runId"}}.
 */
public final class SchemaBaselineStore {
    private final KeyedStore<SchemaBaseline> store;
    private final Path file;

    private SchemaBaselineStore(StateBackend backend) {
        this.store = new KeyedStore<>(backend, StateScope.SCHEMAS, KeyedStore.Codec.of(SchemaBaselineStore::parse,
                SchemaBaselineStore::write));
        this.file = backend instanceof LocalStateBackend local ? local.file(StateScope.SCHEMAS) : null;
    }

    public static SchemaBaselineStore on(StateBackend backend) {
        return new SchemaBaselineStore(backend);
    }

    /** The local file; null for a shared backend. */
    public Path file() {
        return file;
    }

    public boolean exists() {
        return store.read().present();
    }

    /** The baseline of {@code key}; empty when there is none or it cannot be read. */
    public Optional<SchemaBaseline> get(String key) {
        return store.get(key);
    }

    /** Every baseline in ordinal key order; empty when none is stored or they cannot be read. */
    public Map<String, SchemaBaseline> all() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(store.read().entries()));
    }

    public Optional<String> corruptionNotice() {
        return store.read().notice();
    }

    /** Stores {@code baseline} under {@code key} (a compare-and-set, retried over concurrent writers). */
    public void set(String key, SchemaBaseline baseline) {
        store.update(key, current -> Optional.of(baseline));
    }

    private static Optional<SchemaBaseline> parse(JsonNode entry) {
        JsonNode columns = entry.get("columns");
        Optional<String> hash = KeyedStateFile.text(entry, "hintsHash");
        if (columns == null || !columns.isArray() || hash.isEmpty()) {
            return Optional.empty();
        }
        List<SchemaColumn> parsed = new ArrayList<>();
        for (JsonNode column : columns) {
            Optional<String> name = KeyedStateFile.text(column, "name");
            Optional<String> type = KeyedStateFile.text(column, "type");
            if (name.isEmpty() || type.isEmpty()) {
                return Optional.empty();
            }
            parsed.add(new SchemaColumn(name.get(), type.get()));
        }
        return Optional.of(new SchemaBaseline(parsed, hash.get(), KeyedStateFile.text(entry, "runId").orElse(null)));
    }

    private static Map<String, Object> write(SchemaBaseline baseline) {
        List<Object> columns = new ArrayList<>();
        for (SchemaColumn column : baseline.columns()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", column.name());
            entry.put("type", column.type());
            columns.add(entry);
        }
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("columns", columns);
        entry.put("hintsHash", baseline.hintsHash());
        entry.put("runId", baseline.runId());
        return entry;
    }
}
