package dev.pz.engine.state;

import java.util.Optional;

/**
 * Where a project's keyed state lives: watermarks, sync-state tokens, schema baselines. Every
 * backend offers the same two primitives, so commit-gated advancement behaves the same on all of
 * them: a read that returns each entry with its version, and a compare-and-set per key that
 * replaces (or removes) an entry only if it still has the version the caller read. Two runs on two
 * machines therefore never overwrite each other's advance unseen. A backend also holds the run lock
 * that keeps two runs of one project from overlapping, across machines where the backend is shared.
 *
 * <p>Failures are {@code PzException}s: {@code PZ0518} when the store cannot be reached,
 * {@code PZ0529} when it answered but the request failed. Messages never carry credentials.
 */
public interface StateBackend extends AutoCloseable {

    /** How {@code pz state show} and run notes name this backend: {@code local}, {@code http <host>}. */
    String description();

    /** Whether state lives in {@code .pz/state/} files of this project. */
    default boolean isLocal() {
        return false;
    }

    /** What a read reports when {@code scope}'s stored state cannot be understood. */
    default String corruptionNotice(StateScope scope) {
        return scope.subject().replace(" file", "") + " at " + description()
                + " is corrupt or has an unexpected shape -- a full extract will occur.";
    }

    /** Every entry of {@code scope}. */
    StateSnapshot read(StateScope scope);

    /** One entry, or empty when the key holds none. */
    Optional<StateEntry> get(StateScope scope, String key);

    /**
     * Replaces {@code key}'s entry by {@code payload} (null removes it) if it is still at
     * {@code expected} (null: if the key holds nothing).
     *
     * @return false when another writer changed the key first; nothing was written
     */
    boolean compareAndSet(StateScope scope, String key, StateEntry expected, String payload);

    /**
     * Takes the project's run lock for {@code runId}, held until the returned lock is closed.
     *
     * @throws dev.pz.connectors.api.error.PzException {@code PZ0517} when another run holds it
     */
    RunLock lockRun(String runId);

    @Override
    default void close() {
    }

    /** A held run lock. */
    interface RunLock extends AutoCloseable {
        @Override
        void close();

        static RunLock none() {
            return () -> {
            };
        }
    }
}
