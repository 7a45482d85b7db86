package dev.pz.connectors.api;

/**
 * One universal write: batches in, then commit or abort, then close. {@link #close} is always
 * called; closing a session that saw neither commit nor abort aborts it, and closing after a
 * commit attempt only releases resources. A session whose calls can block for long implements
 * {@link Cancellable}, so that a cancelled run or a timed-out node can stop it; the engine then
 * aborts it (or, when the cancel interrupted {@code commit}, only closes it).
 */
public interface WriteSession extends BatchOutput, Transactional, AutoCloseable {

    @Override
    void close();
}
