package dev.pz.connectors.mysql;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzConnectorException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * MySQL and MariaDB through MariaDB Connector/J, universal tier: reads stream a select (of a table or
 * of {@code query:}) into Arrow, split into ranges of {@code partition_column} read concurrently,
 * with the columns read and the watermark bounds pushed down; writes bulk-load the batches into a
 * staging table and append, replace (an atomic rename) or merge from it. Options: {@link MysqlOptions}.
 */
public final class MysqlConnector implements Connector {

    public static final String VERSION = "0.1.0";

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.COLUMN_PRUNING, ConnectorCapability.PARTITIONED_READ, ConnectorCapability.MERGE,
            ConnectorCapability.REPLACE_WRITES, ConnectorCapability.BOUNDED_WINDOW,
            ConnectorCapability.INCLUSIVE_WATERMARK_BOUND));

    @Override
    public String name() {
        return MysqlConnectorFactory.NAME;
    }

    @Override
    public String version() {
        return VERSION;
    }

    @Override
    public Set<ConnectorCapability> capabilities() {
        return CAPABILITIES;
    }

    @Override
    public OptionSet connectionOptions() {
        return MysqlOptions.CONNECTION;
    }

    @Override
    public OptionSet readOptions() {
        return MysqlOptions.READ;
    }

    @Override
    public OptionSet writeOptions() {
        return OptionSet.none();
    }

    /** Logs in and runs {@code SELECT 1}; a failure message starts with its transience. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        MysqlSettings settings;
        try {
            settings = MysqlSettings.of(config);
        } catch (PzConnectorException e) {
            return ConnectionCheck.failed("permanent: " + e.getMessage());
        }
        try (Connection connection = settings.open(); Statement statement = connection.createStatement()) {
            statement.execute("SELECT 1");
            return ConnectionCheck.passed();
        } catch (SQLException e) {
            return ConnectionCheck.failed((MysqlErrors.isTransient(e) ? "transient: " : "permanent: ")
                    + MysqlErrors.describe(e, settings));
        }
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new MysqlSource(MysqlSettings.of(config)));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new MysqlSink(MysqlSettings.of(config)));
    }
}
