package dev.pz.testing.memory;

import dev.pz.testing.TestProject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The data behind {@link MemoryConnector}: named stores (one per test, by default one per
 * connection name) of tables by entity name, and the faults still due.
 */
public final class MemoryStore {
    private static final Map<String, MemoryStore> STORES = new ConcurrentHashMap<>();

    private final Map<String, List<List<Object>>> tables = new ConcurrentHashMap<>();
    private final Map<String, Integer> failuresSeen = new ConcurrentHashMap<>();
    private final Map<String, String> refusals = new ConcurrentHashMap<>();

    private MemoryStore() {
    }

    /**
     * connections.yml of a project over a fresh store of its own: {@code src} with dataset
     * {@code orders} ({@code rows} generated rows of {@code id bigint, amount double}) and {@code out}.
     */
    public static TestProject ordersAndOut(Path directory, int rows) {
        String store = "store-" + UUID.randomUUID();
        fresh(store);
        return TestProject.in(directory).file("connections.yml", """
                src:
                  connector: memory
                  store: %s
                  entities:
                    orders:
                      read:
                        batches: 1
                        rows: %d
                        columns: {id: bigint, amount: double}
                out:
                  connector: memory
                  store: %s
                """.formatted(store, rows, store));
    }

    public static MemoryStore named(String name) {
        return STORES.computeIfAbsent(name, key -> new MemoryStore());
    }

    /** A fresh, empty store under {@code name}. */
    public static MemoryStore fresh(String name) {
        MemoryStore store = new MemoryStore();
        STORES.put(name, store);
        return store;
    }

    public Optional<List<List<Object>>> table(String entity) {
        return Optional.ofNullable(tables.get(entity));
    }

    public MemoryStore put(String entity, List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>();
        rows.forEach(row -> copy.add(Collections.unmodifiableList(new ArrayList<>(row))));
        tables.put(entity, Collections.unmodifiableList(copy));
        return this;
    }

    synchronized void put(String entity, List<List<Object>> rows, boolean append) {
        List<List<Object>> next = new ArrayList<>(append ? tables.getOrDefault(entity, List.of()) : List.of());
        rows.forEach(row -> next.add(Collections.unmodifiableList(new ArrayList<>(row))));
        tables.put(entity, Collections.unmodifiableList(next));
    }

    /**
     * Makes every read or write of {@code entity} fail permanently with {@code message} until
     * {@link #accept} (a source or sink that is down, outside the project's files).
     */
    public MemoryStore refuse(String entity, String message) {
        refusals.put(entity, message);
        return this;
    }

    public MemoryStore accept(String entity) {
        refusals.remove(entity);
        return this;
    }

    Optional<String> refusal(String entity) {
        return Optional.ofNullable(refusals.get(entity));
    }

    /** Whether {@code what} should fail now: the first {@code times} calls for it do. */
    synchronized boolean failOnce(String what, int times) {
        int seen = failuresSeen.merge(what, 1, Integer::sum);
        return seen <= times;
    }
}
