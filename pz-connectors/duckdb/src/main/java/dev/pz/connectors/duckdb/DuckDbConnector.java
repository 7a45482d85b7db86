package dev.pz.connectors.duckdb;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.sql.AttachedDatabase;
import dev.pz.connectors.sql.AttachedDatabaseConnector;
import dev.pz.connectors.sql.DatabaseFile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * A DuckDB database file. The run's DuckDB session attaches it ({@code attach if not exists … as
 * pz_duckdb_<name>_<hash>}) and reads and writes its tables itself: reads are native scans, writes
 * are native SQL writes (append, replace, merge) in one transaction. Under
 * {@code engine.force_universal} a write lands the batches in a private DuckDB and applies the same
 * statements to the file there.
 */
public final class DuckDbConnector extends AttachedDatabaseConnector {

    static final Option<String> PATH = Option.string("path", "The database file; relative paths resolve against"
            + " the project directory. A write creates it when missing.")
            .must("not be blank", text -> !text.isBlank()).required();
    private static final OptionSet CONNECTION = OptionSet.of(PATH);

    /** What every DuckDB database file holds at byte 8. */
    private static final byte[] MAGIC = "DUCK".getBytes(StandardCharsets.US_ASCII);

    public DuckDbConnector() {
        super(DuckDbConnectorFactory.NAME);
    }

    @Override
    public OptionSet connectionOptions() {
        return CONNECTION;
    }

    @Override
    public List<String> validate(ConnectorConfig config) {
        DatabaseFile file = file(config);
        if (DatabaseFile.insidePzDirectory(config, file.path())) {
            return List.of("duckdb connection 'path' resolves inside the project's .pz/ directory, which is pz's own"
                    + " staging and state area -- point it at a database file outside .pz/");
        }
        return List.of();
    }

    @Override
    protected AttachedDatabase database(ConnectorConfig config) {
        return new DuckDbDatabase(file(config));
    }

    /** Offline: an existing file must be a DuckDB database; a missing one is created by the first write. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return file(config).check("duckdb", MAGIC, 8);
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new DuckDbSink(new DuckDbDatabase(file(config))));
    }

    private static DatabaseFile file(ConnectorConfig config) {
        return DatabaseFile.resolve(config, config.get(PATH));
    }
}
