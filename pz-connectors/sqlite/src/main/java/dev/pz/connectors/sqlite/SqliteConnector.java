package dev.pz.connectors.sqlite;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.sql.DatabaseFile;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * An SQLite database file through the SQLite JDBC driver, universal tier: reads stream a select of
 * a table (or of {@code query:}) into Arrow, bounded by the watermark; writes create the table when
 * missing and insert every batch in one transaction, so replace is atomic too.
 */
public final class SqliteConnector implements Connector {

    public static final String VERSION = "0.1.0";

    static final Option<String> PATH = Option.string("path", "The database file; relative paths resolve against"
            + " the project directory. A write creates it when missing.")
            .must("not be blank", text -> !text.isBlank()).required();
    static final Option<String> QUERY = Option.string("query", "An SQLite select to read instead of the entity's"
            + " table; the watermark bounds and the columns read apply to its result.");

    private static final byte[] MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.COLUMN_PRUNING, ConnectorCapability.REPLACE_WRITES, ConnectorCapability.BOUNDED_WINDOW,
            ConnectorCapability.INCLUSIVE_WATERMARK_BOUND));

    @Override
    public String name() {
        return SqliteConnectorFactory.NAME;
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
        return OptionSet.of(PATH);
    }

    @Override
    public OptionSet readOptions() {
        return OptionSet.of(QUERY);
    }

    @Override
    public OptionSet writeOptions() {
        return OptionSet.none();
    }

    /** Offline: an existing file must be an SQLite database; a missing one is created by the first write. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return file(config).check("sqlite", MAGIC, 0);
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new SqliteSource(new SqliteDatabase(file(config))));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new SqliteSink(new SqliteDatabase(file(config))));
    }

    private static DatabaseFile file(ConnectorConfig config) {
        return DatabaseFile.resolve(config, config.get(PATH));
    }
}
