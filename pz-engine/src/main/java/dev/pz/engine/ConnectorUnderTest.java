package dev.pz.engine;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import java.nio.file.Path;

/**
 * What {@code pz connector test} hands to the connector test kit: the connector its target names, loaded the
 * way a run loads it, and the contract config file read into a configuration, an optional dataset, an
 * optional output, and an optional path that exists once that output is visible.
 */
public record ConnectorUnderTest(Connector connector, ConnectorConfig config, DatasetSpec dataset, OutputSpec output,
        Path visibleWhen) {
}
