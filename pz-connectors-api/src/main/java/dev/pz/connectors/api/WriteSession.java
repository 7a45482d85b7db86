package dev.pz.connectors.api;

/**
 * One universal write: batches in, then commit or abort, then close. {@link #close} is always
 * called; closing a session that saw neither commit nor abort aborts it, and closing after a
 * commit attempt only releases resources.
 */
public interface WriteSession extends BatchOutput, Transactional, AutoCloseable {

    @Override
    void close();
}
