package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Stored sync-state tokens (feeds and cdc), by dataset key, in any {@link StateBackend} (locally
 * {@code .pz/state/sync-state.json}; docs/cdc.md). A run stores a token once every sink its changes
 * reach has committed, each write a compare-and-set on its key; {@code pz state} lists them;
 * {@code pz cdc drop} removes one so that the next run starts over.
 */
public final class SyncStateStore {

    /** One sync-state entry: the connector's opaque resume token and the run that stored it. */
    public record SyncState(String token, String runId) {
    }

    private final KeyedStore<SyncState> store;
    private final Path file;

    private SyncStateStore(StateBackend backend) {
        this.store = new KeyedStore<>(backend, StateScope.SYNC_STATE, KeyedStore.Codec.of(SyncStateStore::parse,
                SyncStateStore::write));
        this.file = backend instanceof LocalStateBackend local ? local.file(StateScope.SYNC_STATE) : null;
    }

    public static SyncStateStore local(Path projectDirectory) {
        return on(LocalStateBackend.of(projectDirectory));
    }

    /** The tokens kept by {@code backend}. */
    public static SyncStateStore on(StateBackend backend) {
        return new SyncStateStore(backend);
    }

    /** The local file; null for a shared backend. */
    public Path file() {
        return file;
    }

    public boolean exists() {
        return store.read().present();
    }

    /** Every entry in ordinal key order; empty when none is stored or they cannot be read. */
    public Map<String, SyncState> all() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(store.read().entries()));
    }

    /** The token stored under {@code key}, if any. */
    public Optional<SyncState> get(String key) {
        return store.get(key);
    }

    /** Stores {@code state} under {@code key} (a compare-and-set, retried over concurrent writers). */
    public void set(String key, SyncState state) {
        store.update(key, current -> Optional.of(state));
    }

    /** Removes {@code key}; removing a missing key is not an error. */
    public void remove(String key) {
        store.update(key, current -> Optional.empty());
    }

    public Optional<String> corruptionNotice() {
        return store.read().notice();
    }

    private static Optional<SyncState> parse(JsonNode entry) {
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
