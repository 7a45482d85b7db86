package dev.pz.connectors.api;

import java.nio.file.Path;

/**
 * The run-time half of a native read whose data is not on a path DuckDB can open (an object store):
 * the connector copies what the read needs into local files, and DuckDB's own reader scans them.
 */
@FunctionalInterface
public interface SpoolFetch {

    /**
     * Copies the read's objects into {@code spool}, an empty directory of the run that pz deletes
     * when the run ends, and returns the FROM-usable fragment over the local copies.
     *
     * @throws dev.pz.connectors.api.error.PzConnectorException when an object cannot be listed or
     *     fetched (transient when a retry may succeed)
     */
    String fetch(Path spool);
}
