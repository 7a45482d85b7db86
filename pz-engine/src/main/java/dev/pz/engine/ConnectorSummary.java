package dev.pz.engine;

import java.util.List;

/**
 * One row of {@code pz connectors}: a connector's name, its tiers ({@code src:native+universal
 * snk:universal}) and its capability flags' published names in bit order.
 */
public record ConnectorSummary(String name, String tiers, List<String> capabilities) {

    public ConnectorSummary {
        capabilities = List.copyOf(capabilities);
    }
}
