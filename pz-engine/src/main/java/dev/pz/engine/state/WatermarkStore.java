package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Stored watermarks of the local backend, {@code .pz/state/watermarks.json}
 * (docs/incremental.md). Every call reads the file afresh; writes re-read it under the file's lock, so two processes
 * never lose each other's keys.
 */
public final class WatermarkStore {
    static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(30);

    private final KeyedStateFile<Watermark> file;

    private WatermarkStore(Path file, Duration lockTimeout) {
        this.file = new KeyedStateFile<>(file, "watermarks", "Watermark state file", WatermarkStore::parse,
                WatermarkStore::write, lockTimeout);
    }

    public static WatermarkStore local(Path projectDirectory) {
        return new WatermarkStore(path(projectDirectory), DEFAULT_LOCK_TIMEOUT);
    }

    static WatermarkStore local(Path projectDirectory, Duration lockTimeout) {
        return new WatermarkStore(path(projectDirectory), lockTimeout);
    }

    private static Path path(Path projectDirectory) {
        return projectDirectory.resolve(".pz").resolve("state").resolve("watermarks.json");
    }

    public Path file() {
        return file.file();
    }

    /** Whether the file exists at all (a corrupt file exists). */
    public boolean exists() {
        return file.exists();
    }

    /** The watermark stored under {@code key}; empty when the file is missing, corrupt or has no such key. */
    public Optional<Watermark> get(String key) {
        return Optional.ofNullable(file.read().entries().get(key));
    }

    /** Every stored watermark in ordinal key order; empty when the file is missing or corrupt. */
    public Map<String, Watermark> all() {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(file.read().entries()));
    }

    /**
     * Stores {@code watermark} under {@code key}, keeping every other entry (a corrupt file counts as empty).
     *
     * @throws dev.pz.connectors.api.error.PzException {@code PZ0518} when the lock stays held for 30 s or the file cannot be written
     */
    public void set(String key, Watermark watermark) {
        file.update(entries -> {
            entries.put(key, watermark);
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

    /** The notice for a corrupt file, read now; empty when the file is missing or well formed. */
    public Optional<String> corruptionNotice() {
        return file.read().corrupt() ? Optional.of(file.corruptionNotice()) : Optional.empty();
    }

    private static Optional<Watermark> parse(JsonNode entry) {
        if (!entry.isObject()) {
            return Optional.empty();
        }
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
