package dev.pz.engine;

import java.util.List;

/**
 * One row of {@code pz connectors}: a connector's name, its tiers ({@code src:native+universal
 * snk:universal}), its capability flags' published names in bit order, and for a connector from a
 * connector package that package's id and version (both null for one built into pz).
 */
public record ConnectorSummary(String name, String tiers, List<String> capabilities, String packageId,
        String packageVersion) {

    public ConnectorSummary {
        capabilities = List.copyOf(capabilities);
    }

    /** A connector built into pz. */
    public ConnectorSummary(String name, String tiers, List<String> capabilities) {
        this(name, tiers, capabilities, null, null);
    }

    public boolean builtin() {
        return packageId == null;
    }
}
