package dev.pz.engine;

import java.util.List;

/**
 * What {@code pz cdc drop} did: whether the server-side state went ({@code serverSideDropped}),
 * the statements the user runs where pz cannot remove it, and whether a stored token was removed.
 */
public record CdcDropReport(String dataset, String connector, String positionName, boolean serverSideDropped,
        List<String> remediation, boolean tokenRemoved) {

    public CdcDropReport {
        remediation = List.copyOf(remediation);
    }
}
