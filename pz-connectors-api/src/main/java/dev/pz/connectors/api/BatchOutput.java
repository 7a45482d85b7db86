package dev.pz.connectors.api;

import org.apache.arrow.vector.VectorSchemaRoot;

/** Receives batches. */
public interface BatchOutput {

    /**
     * Writes one batch. The batch is lent for the duration of the call: the engine may close or
     * reuse it as soon as this returns, so an implementation copies what it keeps.
     */
    void write(VectorSchemaRoot batch);
}
