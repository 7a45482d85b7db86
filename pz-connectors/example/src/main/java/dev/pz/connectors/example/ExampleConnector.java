package dev.pz.connectors.example;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * A small connector that shows every part of the contract: it reads an integer sequence (each
 * entity is one, {@code n} and its square) and writes CSV files into a directory. Reads have a
 * native scan (DuckDB's {@code range()}) and a partitioned universal read; writes have a native
 * copy published by a rename and a universal writer.
 */
public final class ExampleConnector implements Connector {

    private static final Set<ConnectorCapability> CAPABILITIES = Set.copyOf(EnumSet.of(
            ConnectorCapability.NATIVE_SCAN, ConnectorCapability.PARTITIONED_READ, ConnectorCapability.COLUMN_PRUNING,
            ConnectorCapability.NATIVE_COPY, ConnectorCapability.REPLACE_WRITES));

    @Override
    public String name() {
        return ExampleConnectorFactory.NAME;
    }

    @Override
    public String version() {
        return "0.1.0";
    }

    @Override
    public Set<ConnectorCapability> capabilities() {
        return CAPABILITIES;
    }

    @Override
    public OptionSet connectionOptions() {
        return ExampleOptions.CONNECTION;
    }

    @Override
    public OptionSet readOptions() {
        return ExampleOptions.READ;
    }

    @Override
    public OptionSet writeOptions() {
        return ExampleOptions.WRITE;
    }

    /** Nothing to connect to. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return ConnectionCheck.passed();
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new ExampleSource());
    }

    /** Reads {@code root} through its declaration: a bad value throws PZ0301 here, at plan time. */
    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        Path base = config.baseDirectory().orElse(Path.of(""));
        return Optional.of(new ExampleSink(base.resolve(config.get(ExampleOptions.ROOT)).toAbsolutePath().normalize()));
    }
}
