package dev.pz.connectors.api;

/**
 * Work another thread may ask to stop. A reader returned by {@link ReadPartition#open} or a
 * {@link WriteSession} implements it when one of its calls can block for long (a slow query, a
 * lock wait, a stalled socket): the engine cannot interrupt such a call itself, so it calls
 * {@link #cancel} from another thread when the run is cancelled or the node exceeds
 * {@code engine.node_timeout}.
 *
 * <p>After {@code cancel()}, the blocked call, or the next one, fails soon with any exception; the
 * engine then closes the reader, or aborts and closes the session, as after any failure. An abort
 * after a cancel must still leave the destination as it was. A reader or session that does not
 * implement this is stopped only between calls; one that keeps blocking is abandoned after a grace
 * period and its node reported as unresponsive.
 */
@FunctionalInterface
public interface Cancellable {

    /**
     * Asks the running or next call to stop. Called from a thread other than the one making the
     * calls, possibly more than once, possibly after the work finished; must not block for long and
     * must not throw.
     */
    void cancel();
}
