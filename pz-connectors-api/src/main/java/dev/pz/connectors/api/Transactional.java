package dev.pz.connectors.api;

/**
 * The outcome of a write. Exactly one of {@link #commit} and {@link #abort} is called, at most
 * once; {@code abort} is never called after {@code commit} was entered, even if commit failed
 * (the outcome is then unknown and reported as such). A call after either throws
 * {@link IllegalStateException}.
 */
public interface Transactional {

    /** Makes everything written visible at the destination, atomically where the connector can. */
    WriteResult commit();

    /** Discards everything written; the destination is left as it was before the session began. */
    void abort();
}
