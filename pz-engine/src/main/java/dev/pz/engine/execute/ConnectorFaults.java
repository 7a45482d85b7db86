package dev.pz.engine.execute;

import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;

/**
 * Errors a connector's own code can raise that are not exceptions: a class its package lacks, a method its
 * jar was not compiled against. They fail the node like any connector failure instead of ending the run.
 */
final class ConnectorFaults {

    private ConnectorFaults() {
    }

    static PzConnectorException failure(LinkageError error) {
        return new PzConnectorException(PzCode.NODE_FAILED, "the connector's code failed to link: " + error,
                "a connector package is missing a dependency or was built against other versions; report it to its"
                        + " author");
    }
}
