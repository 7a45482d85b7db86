package dev.pz.engine;

import java.util.List;

/**
 * One change-capture dataset as {@code pz cdc status} shows it: {@code healthy} and the server-side
 * fields are null when the connector has no admin ({@code adminSupported} false); {@code storedToken}
 * is null before the first committed run; {@code detail} says what is wrong and how to fix it.
 */
public record CdcStatusRow(String dataset, String connector, boolean adminSupported, Boolean healthy,
        String positionName, String storedToken, Long retainedBytes, List<String> detail) {

    public CdcStatusRow {
        detail = List.copyOf(detail);
    }
}
