package dev.pz.engine.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.json.Json;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * One scope of a {@link StateBackend} seen as typed entries. Reads parse every entry; one that does not
 * parse makes the whole scope unreadable (a notice, and no entries), as a corrupt local file does.
 * Writes go through {@link #update}: read the key with its version, compute the new entry, and
 * compare-and-set; when another writer got there first, read again and recompute, so no writer's
 * change is ever lost.
 *
 * @param <T> the entry type
 */
final class KeyedStore<T> {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int MAX_ATTEMPTS = 200;

    /** How entries are read from and written to their JSON objects. */
    interface Codec<T> {
        Optional<T> parse(JsonNode entry);

        Map<String, Object> write(T value);

        static <T> Codec<T> of(Function<JsonNode, Optional<T>> parser, Function<T, Map<String, Object>> writer) {
            return new Codec<>() {
                @Override
                public Optional<T> parse(JsonNode entry) {
                    return parser.apply(entry);
                }

                @Override
                public Map<String, Object> write(T value) {
                    return writer.apply(value);
                }
            };
        }
    }

    /** The parsed entries of a read, the notice when they could not be parsed, and whether anything is stored. */
    record Read<T>(SortedMap<String, T> entries, Optional<String> notice, boolean present) {
    }

    private final StateBackend backend;
    private final StateScope scope;
    private final Codec<T> codec;

    KeyedStore(StateBackend backend, StateScope scope, Codec<T> codec) {
        this.backend = backend;
        this.scope = scope;
        this.codec = codec;
    }

    StateBackend backend() {
        return backend;
    }

    Read<T> read() {
        StateSnapshot snapshot = backend.read(scope);
        if (snapshot.notice().isPresent()) {
            return new Read<>(Collections.emptySortedMap(), snapshot.notice(), true);
        }
        SortedMap<String, T> entries = new TreeMap<>();
        for (Map.Entry<String, StateEntry> entry : snapshot.entries().entrySet()) {
            Optional<T> value = parse(entry.getValue().payload());
            if (value.isEmpty()) {
                return new Read<>(Collections.emptySortedMap(), Optional.of(backend.corruptionNotice(scope)), true);
            }
            entries.put(entry.getKey(), value.get());
        }
        return new Read<>(Collections.unmodifiableSortedMap(entries), Optional.empty(), snapshot.present());
    }

    Optional<T> get(String key) {
        return backend.get(scope, key).flatMap(entry -> parse(entry.payload()));
    }

    /**
     * Sets {@code key} to what {@code change} makes of its current entry (empty: absent or unreadable);
     * {@code change} returning empty removes the key, returning the current value leaves it alone. Re-read
     * and recomputed whenever another writer changed the key in between.
     *
     * @return the entry stored when this call finished
     * @throws PzException {@code PZ0520} when other writers kept changing the key for every attempt
     */
    Optional<T> update(String key, UnaryOperator<Optional<T>> change) {
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            Optional<StateEntry> current = backend.get(scope, key);
            Optional<T> value = current.flatMap(entry -> parse(entry.payload()));
            Optional<T> next = change.apply(value);
            if (next.equals(value) && (current.isEmpty() || value.isPresent())) {
                return value;
            }
            if (backend.compareAndSet(scope, key, current.orElse(null), next.map(this::payload).orElse(null))) {
                return next;
            }
            backOff(attempt);
        }
        throw new PzException(PzCode.STATE_CONCURRENCY_CONFLICT, "state key '" + key + "' (scope '" + scope.wireName()
                + "') kept changing under other runs for " + MAX_ATTEMPTS + " attempts; nothing was written");
    }

    /** Writes {@code value} (null removes) only if {@code key} is still at {@code expected}. */
    boolean compareAndSet(String key, StateEntry expected, T value) {
        return backend.compareAndSet(scope, key, expected, value == null ? null : payload(value));
    }

    Optional<StateEntry> raw(String key) {
        return backend.get(scope, key);
    }

    String payload(T value) {
        return Json.compact(codec.write(value));
    }

    private Optional<T> parse(String payload) {
        try {
            JsonNode node = MAPPER.readTree(payload);
            return node == null || !node.isObject() ? Optional.empty() : codec.parse(node);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A short random pause, growing with the attempts, so racing writers stop colliding in lock step. */
    private static void backOff(int attempt) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, 2L + Math.min(attempt, 20) * 3L));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PzException(PzCode.STATE_STORE_UNAVAILABLE, "interrupted while writing state");
        }
    }
}
