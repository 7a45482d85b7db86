package dev.pz.engine.execute;

/**
 * What an executor reports back for a node that finished without throwing: rows moved, and for a
 * check the violations it found (a check with violations fails with PZ0510).
 */
public record NodeOutcome(long rows, dev.pz.connectors.api.error.PzError failure) {

    public static NodeOutcome rows(long rows) {
        return new NodeOutcome(rows, null);
    }
}
