package dev.pz.connectors.testkit;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OutputSpec;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A connector and what {@code pz connector test} was told about it: a working configuration, optionally a
 * dataset to read and an output to write, and optionally a path that exists exactly when that output is
 * visible at the destination (the checks that look for the output are skipped without it).
 */
public record ContractSubject(Connector connector, ConnectorConfig config, DatasetSpec dataset, OutputSpec output,
        Path visibleWhen) {

    public ContractSubject {
        Objects.requireNonNull(connector, "connector");
        Objects.requireNonNull(config, "config");
    }
}
