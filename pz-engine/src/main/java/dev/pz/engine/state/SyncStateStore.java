package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Stored sync-state tokens (feeds and cdc) of the local backend, {@code .pz/state/sync-state.json}
 * (docs/cdc.md). A run stores a token once every sink its changes reach has committed;
 * {@code pz state} lists them; {@code pz cdc drop} removes one so that the next run starts over.
 */
public final class SyncStateStore {

    /** One sync-state entry: the connector's opaque resume token and the run that stored it. */
    public record SyncState(String token, String runId) {
    }

    private final KeyedStateFile<SyncState> file;

    private SyncStateStore(Path file) {
        this.file = new KeyedStateFile<>(file, "syncState", "Sync state file", SyncStateStore::parse,
                SyncStateStore::write, Duration.ofSeconds(30));
    }

    public static SyncStateStore local(Path projectDirectory) {
        return new SyncStateStore(projectDirectory.resolve(".pz").resolve("state").resolve("sync-state.json"));
    }

    public Path file() {
        return file.file();
    }

    public boolean exists() {
        return file.exists();
    }

    /** Every entry in ordinal key order; empty when the file is missing or corrupt. */
    public Map<String, SyncState> all() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(file.read().entries()));
    }

    /** The token stored under {@code key}; empty when the file is missing, corrupt or has no such key. */
    public Optional<SyncState> get(String key) {
        return Optional.ofNullable(file.read().entries().get(key));
    }

    /**
     * Stores {@code state} under {@code key}, keeping every other entry.
     *
     * @throws dev.pz.connectors.api.error.PzException {@code PZ0518} when the lock stays held or the file cannot be written
     */
    public void set(String key, SyncState state) {
        file.update(entries -> {
            entries.put(key, state);
            return entries;
        });
    }

    /** Removes {@code key}; removing a missing key is not an error. Same failures as {@link #set}. */
    public void remove(String key) {
        file.update(entries -> {
            entries.remove(key);
            return entries;
        });
    }

    public Optional<String> corruptionNotice() {
        return file.read().corrupt() ? Optional.of(file.corruptionNotice()) : Optional.empty();
    }

    private static Optional<SyncState> parse(JsonNode entry) {
        if (!entry.isObject()) {
            return Optional.empty();
        }
        return KeyedStateFile.text(entry, "token")
                .map(token -> new SyncState(token, KeyedStateFile.text(entry, "runId").orElse(null)));
    }

    private static Map<String, Object> write(SyncState state) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("token", state.token());
        entry.put("runId", state.runId());
        return entry;
    }
}
