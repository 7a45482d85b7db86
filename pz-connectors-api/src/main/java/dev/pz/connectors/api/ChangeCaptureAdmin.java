package dev.pz.connectors.api;

import java.util.List;

/**
 * What {@code pz cdc status} and {@code pz cdc drop} ask of a change-capture source about the
 * server-side state that holds a dataset's changes (a replication slot, a capture instance).
 */
public interface ChangeCaptureAdmin {

    /** The health of the dataset's server-side state; never changes it. */
    Status status(DatasetSpec spec);

    /** Removes the dataset's server-side state; removing state that is gone already is no error. */
    Dropped drop(DatasetSpec spec);

    /**
     * @param positionName what holds the changes (a slot name, a capture instance)
     * @param retainedBytes what the server keeps for this dataset, or null when unknown
     * @param detail lines that say what is wrong and how to fix it; empty when healthy
     */
    record Status(String positionName, boolean healthy, Long retainedBytes, List<String> detail) {
        public Status {
            detail = List.copyOf(detail);
        }
    }

    /**
     * @param serverSideDropped whether pz removed the server-side state itself
     * @param remediation statements the user runs when pz cannot remove it
     */
    record Dropped(String positionName, boolean serverSideDropped, List<String> remediation) {
        public Dropped {
            remediation = List.copyOf(remediation);
        }
    }
}
