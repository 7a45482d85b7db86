package dev.pz.engine.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The default backend: one JSON file per scope under {@code .pz/state/} (see docs/state-backends.md
 * for their shape), each written by an atomic replace under a lock on its sibling {@code .lock} file.
 * An entry's version is its own compact JSON text, so a compare-and-set, checked under that lock,
 * succeeds only while the entry reads exactly as the caller saw it.
 */
public final class LocalStateBackend implements StateBackend {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Path directory;
    private final Map<StateScope, KeyedStateFile<JsonNode>> files = new EnumMap<>(StateScope.class);

    LocalStateBackend(Path projectDirectory, Duration lockTimeout) {
        this.directory = projectDirectory.resolve(".pz").resolve("state");
        for (StateScope scope : StateScope.values()) {
            files.put(scope, new KeyedStateFile<>(directory.resolve(scope.fileName()), scope.section(), scope.subject(),
                    node -> node.isObject() ? Optional.of(node) : Optional.empty(), LocalStateBackend::plain,
                    lockTimeout));
        }
    }

    public static LocalStateBackend of(Path projectDirectory) {
        return new LocalStateBackend(projectDirectory, WatermarkStore.DEFAULT_LOCK_TIMEOUT);
    }

    /** The file that holds {@code scope}. */
    public Path file(StateScope scope) {
        return files.get(scope).file();
    }

    @Override
    public String description() {
        return "local";
    }

    @Override
    public boolean isLocal() {
        return true;
    }

    @Override
    public String corruptionNotice(StateScope scope) {
        return files.get(scope).corruptionNotice();
    }

    @Override
    public StateSnapshot read(StateScope scope) {
        KeyedStateFile<JsonNode> file = files.get(scope);
        KeyedStateFile.Snapshot<JsonNode> snapshot = file.read();
        if (snapshot.corrupt()) {
            return StateSnapshot.corrupt(file.corruptionNotice());
        }
        SortedMap<String, StateEntry> entries = new TreeMap<>();
        snapshot.entries().forEach((key, node) -> entries.put(key, entry(node)));
        return new StateSnapshot(entries, Optional.empty(), file.exists());
    }

    @Override
    public Optional<StateEntry> get(StateScope scope, String key) {
        return Optional.ofNullable(read(scope).entries().get(key));
    }

    @Override
    public boolean compareAndSet(StateScope scope, String key, StateEntry expected, String payload) {
        boolean[] written = {false};
        files.get(scope).update(entries -> {
            JsonNode current = entries.get(key);
            String currentVersion = current == null ? null : text(current);
            if (!java.util.Objects.equals(currentVersion, expected == null ? null : expected.version())) {
                return null;
            }
            if (payload == null) {
                if (current == null) {
                    return null;
                }
                entries.remove(key);
            } else {
                entries.put(key, parse(payload));
            }
            written[0] = true;
            return entries;
        });
        return written[0];
    }

    /** No-op: runs of a local project are serialized by the lock on {@code .pz/runs/.lock}. */
    @Override
    public RunLock lockRun(String runId) {
        return RunLock.none();
    }

    private static StateEntry entry(JsonNode node) {
        String text = text(node);
        return new StateEntry(text, text);
    }

    private static String text(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode parse(String payload) {
        try {
            return MAPPER.readTree(payload);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("state payload is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> plain(JsonNode node) {
        return MAPPER.convertValue(node, LinkedHashMap.class);
    }
}
