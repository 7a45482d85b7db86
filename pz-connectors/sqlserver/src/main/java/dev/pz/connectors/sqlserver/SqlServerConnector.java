package dev.pz.connectors.sqlserver;

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
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Microsoft SQL Server and Azure SQL through the Microsoft JDBC driver, universal tier only: reads
 * stream a forward-only result into Arrow with typed getters, writes feed Arrow batches to the
 * driver's bulk copy. Options: {@link SqlServerOptions}. Filters are pushed as the T-SQL
 * {@link TsqlPredicateRenderer} renders from the engine's structured predicates. {@code sync: {mode:
 * cdc}} reads a table's SQL Server change capture ({@link SqlServerCdc}, docs/cdc.md), and merge
 * outputs apply a change capture's deletes. Stored-procedure reads are not part of this build.
 */
public final class SqlServerConnector implements Connector {

    public static final String VERSION = "0.1.0";

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.COLUMN_PRUNING, ConnectorCapability.PREDICATE_PUSHDOWN,
            ConnectorCapability.PARTITIONED_READ, ConnectorCapability.MERGE,
            ConnectorCapability.REPLACE_WRITES, ConnectorCapability.BOUNDED_WINDOW,
            ConnectorCapability.INCLUSIVE_WATERMARK_BOUND, ConnectorCapability.TEXT_LENGTH_STATS,
            ConnectorCapability.CHANGE_CAPTURE, ConnectorCapability.APPLY_DELETES));

    @Override
    public String name() {
        return SqlServerConnectorFactory.NAME;
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
        return SqlServerOptions.CONNECTION;
    }

    @Override
    public OptionSet readOptions() {
        return SqlServerOptions.READ;
    }

    /** {@code columns} here maps output columns to the SQL Server types a created table gets. */
    @Override
    public OptionSet writeOptions() {
        return SqlServerOptions.WRITE;
    }

    /** Which keys go together, the connection string's contents and the authentication mode. */
    @Override
    public List<String> validate(ConnectorConfig config) {
        return SqlServerConnectionSettings.problems(config);
    }

    /**
     * Opens a session and runs {@code select 1}. The message starts with {@code transient:} or
     * {@code permanent:} and names the cause with a hint: a failed login, an unknown database, a
     * refused TCP connection, an untrusted TLS certificate.
     */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        SqlServerConnectionSettings settings;
        try {
            settings = SqlServerConnectionSettings.of(config);
        } catch (PzConnectorException e) {
            return ConnectionCheck.failed("permanent: " + e.getMessage());
        }
        try (Connection connection = settings.open(); Statement statement = settings.statement(connection)) {
            statement.execute("select 1");
            return ConnectionCheck.passed();
        } catch (SQLException e) {
            return ConnectionCheck.failed((SqlServerErrors.isTransient(e) ? "transient: " : "permanent: ")
                    + SqlServerErrors.describe(e, settings));
        }
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new SqlServerSource(SqlServerConnectionSettings.of(config)));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new SqlServerSink(SqlServerConnectionSettings.of(config)));
    }
}
