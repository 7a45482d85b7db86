package dev.pz.connectors.postgres;

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
 * PostgreSQL through pgjdbc, universal tier only: reads stream binary {@code COPY … TO STDOUT} into
 * Arrow, writes stream Arrow into binary {@code COPY … FROM STDIN}. Options: {@link PostgresOptions}.
 * {@code sync: {mode: cdc}} reads a table's changes through logical replication (docs/cdc.md), and
 * merge sessions apply deleted keys.
 */
public final class PostgresConnector implements Connector {

    public static final String VERSION = "0.1.0";

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.COLUMN_PRUNING, ConnectorCapability.PREDICATE_PUSHDOWN,
            ConnectorCapability.PARTITIONED_READ, ConnectorCapability.MERGE, ConnectorCapability.REPLACE_WRITES, ConnectorCapability.BOUNDED_WINDOW,
            ConnectorCapability.INCLUSIVE_WATERMARK_BOUND, ConnectorCapability.CHANGE_CAPTURE,
            ConnectorCapability.APPLY_DELETES));

    @Override
    public String name() {
        return PostgresConnectorFactory.NAME;
    }

    @Override
    public String version() {
        return VERSION;
    }

    @Override
    public Set<ConnectorCapability> capabilities() {
        return CAPABILITIES;
    }

    /** A merge session counts repeated keys in its temp table when the plain upsert refuses them. */
    @Override
    public boolean countsMergeKeyDuplicates() {
        return true;
    }

    @Override
    public OptionSet connectionOptions() {
        return PostgresOptions.CONNECTION;
    }

    /** The {@code columns:} contract is not listed: pz passes it as {@code DatasetSpec.columns}. */
    @Override
    public OptionSet readOptions() {
        return PostgresOptions.READ;
    }

    /** Strategy, keys and schema policy are pz's own write keys; postgres adds none. */
    @Override
    public OptionSet writeOptions() {
        return OptionSet.none();
    }

    /** Opens a session and runs {@code select 1}; a failure message starts with its transience. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        PostgresConnectionSettings settings;
        try {
            settings = PostgresConnectionSettings.of(config);
        } catch (PzConnectorException e) {
            return ConnectionCheck.failed("permanent: " + e.getMessage());
        }
        try (Connection connection = settings.open(); Statement statement = settings.statement(connection)) {
            statement.execute("select 1");
            return ConnectionCheck.passed();
        } catch (SQLException e) {
            return ConnectionCheck.failed((PostgresErrors.isTransient(e) ? "transient: " : "permanent: ")
                    + PostgresErrors.describe(e, settings));
        }
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        PostgresSource source = new PostgresSource(PostgresConnectionSettings.of(config));
        return Optional.of(source);
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        PostgresSink sink = new PostgresSink(PostgresConnectionSettings.of(config));
        return Optional.of(sink);
    }
}
