package dev.pz.connectors.sql;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * A connector whose database the run's DuckDB session attaches (a DuckDB file, a DuckLake, a
 * MotherDuck or Quack server): DuckDB reads and writes its tables itself, so it declares the same
 * capabilities, no read or write options of its own unless it overrides them, and opens its source
 * and sink over the {@link AttachedDatabase} a subclass describes.
 */
public abstract class AttachedDatabaseConnector implements Connector {

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.NATIVE_SCAN, ConnectorCapability.NATIVE_COPY, ConnectorCapability.REPLACE_WRITES,
            ConnectorCapability.MERGE, ConnectorCapability.BOUNDED_WINDOW, ConnectorCapability.INCLUSIVE_WATERMARK_BOUND,
            ConnectorCapability.NATIVE_ONLY_READ));

    private final String name;

    protected AttachedDatabaseConnector(String name) {
        this.name = name;
    }

    /** The database a connection names, as the run's session attaches it. */
    protected abstract AttachedDatabase database(ConnectorConfig config);

    @Override
    public String name() {
        return name;
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
    public OptionSet readOptions() {
        return OptionSet.none();
    }

    @Override
    public OptionSet writeOptions() {
        return OptionSet.none();
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new AttachedSource(database(config)));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new AttachedSink(database(config)));
    }
}
