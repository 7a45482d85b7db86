package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Stored watermarks, by dataset key, in any {@link StateBackend} (locally
 * {@code .pz/state/watermarks.json}; docs/incremental.md). Every call reads the backend afresh; every write is a
 * compare-and-set per key, so two processes never lose each other's keys or changes.
 */
public final class WatermarkStore {
    static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(30);

    private final KeyedStore<Watermark> store;
    private final Path file;

    private WatermarkStore(StateBackend backend, Path file) {
        this.store = new KeyedStore<>(backend, StateScope.WATERMARKS, KeyedStore.Codec.of(WatermarkStore::parse,
                WatermarkStore::write));
        this.file = file;
    }

    public static WatermarkStore local(Path projectDirectory) {
        return on(LocalStateBackend.of(projectDirectory));
    }

    static WatermarkStore local(Path projectDirectory, Duration lockTimeout) {
        return on(new LocalStateBackend(projectDirectory, lockTimeout));
    }

    /** The watermarks kept by {@code backend}. */
    public static WatermarkStore on(StateBackend backend) {
        return new WatermarkStore(backend, backend instanceof LocalStateBackend local
                ? local.file(StateScope.WATERMARKS) : null);
    }

    /** The local file; null for a shared backend. */
    public Path file() {
        return file;
    }

    /** Whether anything is stored at all (a corrupt local file exists). */
    public boolean exists() {
        return store.read().present();
    }

    /** The watermark stored under {@code key}; empty when none is, or it cannot be read. */
    public Optional<Watermark> get(String key) {
        return Optional.ofNullable(store.read().entries().get(key));
    }

    /** Every stored watermark in ordinal key order; empty when none is stored or they cannot be read. */
    public Map<String, Watermark> all() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(store.read().entries()));
    }

    /**
     * Stores {@code watermark} under {@code key}, whatever another writer stored there meanwhile.
     *
     * @throws dev.pz.connectors.api.error.PzException {@code PZ0518} when the store cannot be written
     */
    public void set(String key, Watermark watermark) {
        store.update(key, current -> Optional.of(watermark));
    }

    /**
     * A run's advance: stores {@code candidate} unless another run already stored a value at least as
     * high, so concurrent runs never move the watermark backwards nor drop a higher advance. When the
     * stored entry is still what this run read at its start ({@code readAtStart}, null when it read
     * nothing), the candidate is stored as is: a {@code --full-refresh} run may lower it.
     *
     * @return the watermark stored when the call finished
     */
    public Optional<Watermark> advance(String key, Watermark candidate, Watermark readAtStart) {
        return store.update(key, current -> {
            if (current.isEmpty() || current.get().equals(readAtStart)) {
                return Optional.of(candidate);
            }
            return atLeast(current.get(), candidate) ? current : Optional.of(candidate);
        });
    }

    private static boolean atLeast(Watermark stored, Watermark candidate) {
        if (!stored.cursor().equals(candidate.cursor()) || !stored.type().equals(candidate.type())) {
            return false;
        }
        try {
            return CursorValues.compare(stored.type(), stored.value(), candidate.value()) >= 0;
        } catch (IllegalArgumentException unparseable) {
            return false;
        }
    }

    /**
     * A manual edit: replaces {@code expected} by {@code next} (null removes the key).
     *
     * @throws dev.pz.connectors.api.error.PzException {@code PZ0520} when the key no longer holds {@code expected}
     */
    public void replace(String key, Watermark expected, Watermark next) {
        store.update(key, current -> {
            if (!current.equals(Optional.of(expected))) {
                throw new dev.pz.connectors.api.error.PzException(dev.pz.connectors.api.error.PzCode
                        .STATE_CONCURRENCY_CONFLICT, "the watermark of '" + key + "' changed while this edit was"
                        + " being confirmed (a run advanced it) — run pz state show, then repeat the edit");
            }
            return Optional.ofNullable(next);
        });
    }

    /**
     * A compare-and-set: stores {@code next} only if {@code key} still holds {@code expected} (empty:
     * holds nothing).
     *
     * @return false when the key held something else; nothing was written
     */
    public boolean compareAndSet(String key, Optional<Watermark> expected, Watermark next) {
        boolean[] swapped = {false};
        store.update(key, current -> {
            swapped[0] = current.equals(expected);
            return swapped[0] ? Optional.of(next) : current;
        });
        return swapped[0];
    }

    /** Removes {@code key}; removing a missing key is not an error. Same failures as {@link #set}. */
    public void remove(String key) {
        store.update(key, current -> Optional.empty());
    }

    /** The notice for stored watermarks that cannot be read, read now; empty when they can. */
    public Optional<String> corruptionNotice() {
        return store.read().notice();
    }

    private static Optional<Watermark> parse(JsonNode entry) {
        Optional<String> cursor = KeyedStateFile.text(entry, "cursor");
        Optional<String> type = KeyedStateFile.text(entry, "type");
        Optional<String> value = KeyedStateFile.text(entry, "value");
        if (cursor.isEmpty() || type.isEmpty() || value.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Watermark(cursor.get(), type.get(), value.get(),
                KeyedStateFile.text(entry, "runId").orElse(null)));
    }

    private static Map<String, Object> write(Watermark watermark) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("cursor", watermark.cursor());
        entry.put("type", watermark.type());
        entry.put("value", watermark.value());
        entry.put("runId", watermark.runId());
        return entry;
    }
}
