package dev.pz.connectors.ducklake;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.sql.AttachedDatabase;
import dev.pz.connectors.sql.AttachedDatabaseConnector;
import dev.pz.connectors.sql.DatabaseFile;
import dev.pz.connectors.sql.TcpProbe;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * DuckLake lakehouses through DuckDB's {@code ducklake} extension (and {@code sqlite_scanner} or
 * {@code postgres_scanner} for those catalogs): the run's session attaches the lake and reads and
 * writes its tables natively, time travel included; each write statement commits as one snapshot.
 * The extension files must be provided ({@code extension_directory}); without them every use is
 * refused at plan time.
 */
public final class DuckLakeConnector extends AttachedDatabaseConnector {

    public DuckLakeConnector() {
        super(DuckLakeConnectorFactory.NAME);
    }

    @Override
    public OptionSet connectionOptions() {
        return DuckLakeOptions.CONNECTION;
    }

    @Override
    public OptionSet readOptions() {
        return DuckLakeOptions.READ;
    }

    @Override
    public List<String> validate(ConnectorConfig config) {
        return DuckLakeCatalogRules.check(config);
    }

    @Override
    protected AttachedDatabase database(ConnectorConfig config) {
        return new DuckLakeDatabase(config);
    }

    /** The metadata file's magic for file catalogs, TCP reachability for a postgres catalog. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return switch (config.get(DuckLakeOptions.CATALOG)) {
            case DUCKDB -> DatabaseFile.resolve(config, config.get(DuckLakeOptions.PATH))
                    .check("duckdb", "DUCK".getBytes(StandardCharsets.US_ASCII), 8);
            case SQLITE -> DatabaseFile.resolve(config, config.get(DuckLakeOptions.PATH))
                    .check("sqlite", "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII), 0);
            case POSTGRES -> TcpProbe.check(config.get(DuckLakeOptions.HOST),
                    config.find(DuckLakeOptions.PORT).orElse(5432));
            case QUACK, MOTHERDUCK -> ConnectionCheck.failed("permanent: this catalog is not supported by this build");
        };
    }
}
