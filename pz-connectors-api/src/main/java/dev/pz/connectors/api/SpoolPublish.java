package dev.pz.connectors.api;

import java.nio.file.Path;

/**
 * The run-time half of a native write whose destination DuckDB cannot write to (an object store):
 * DuckDB's COPY writes a local spool file, then the connector publishes it.
 */
@FunctionalInterface
public interface SpoolPublish {

    /**
     * Makes the finished {@code spoolFile} visible at the destination, atomically: when this throws,
     * nothing partial is visible and the destination is as it was. pz deletes the file afterwards.
     *
     * @throws dev.pz.connectors.api.error.PzConnectorException when the upload fails (transient when a
     *     retry may succeed)
     */
    void publish(Path spoolFile);
}
