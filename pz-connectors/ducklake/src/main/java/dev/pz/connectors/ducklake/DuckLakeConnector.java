package dev.pz.connectors.ducklake;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.sql.AttachedSink;
import dev.pz.connectors.sql.AttachedSource;
import dev.pz.connectors.sql.DatabaseFile;
import dev.pz.connectors.sql.TcpProbe;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * DuckLake lakehouses through DuckDB's {@code ducklake} extension (and {@code sqlite_scanner} or
 * {@code postgres_scanner} for those catalogs): the run's session attaches the lake and reads and
 * writes its tables natively, time travel included; each write statement commits as one snapshot.
 * The extension files must be provided ({@code extension_directory}); without them every use is
 * refused at plan time.
 */
public final class DuckLakeConnector implements Connector {

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.NATIVE_SCAN, ConnectorCapability.NATIVE_COPY, ConnectorCapability.REPLACE_WRITES,
            ConnectorCapability.MERGE, ConnectorCapability.BOUNDED_WINDOW, ConnectorCapability.INCLUSIVE_WATERMARK_BOUND,
            ConnectorCapability.NATIVE_ONLY_READ));

    @Override
    public String name() {
        return DuckLakeConnectorFactory.NAME;
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
        return DuckLakeOptions.CONNECTION;
    }

    @Override
    public OptionSet readOptions() {
        return DuckLakeOptions.READ;
    }

    @Override
    public OptionSet writeOptions() {
        return OptionSet.none();
    }

    @Override
    public List<String> validate(ConnectorConfig config) {
        return DuckLakeCatalogRules.check(config);
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

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new AttachedSource(new DuckLakeDatabase(config)));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new AttachedSink(new DuckLakeDatabase(config)));
    }
}
