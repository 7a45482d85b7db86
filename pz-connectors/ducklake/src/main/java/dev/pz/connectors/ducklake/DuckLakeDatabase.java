package dev.pz.connectors.ducklake;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.sql.AttachedDatabase;
import dev.pz.connectors.sql.AttachedTable;
import dev.pz.connectors.sql.ConnectionAliases;
import dev.pz.connectors.sql.DatabaseFile;
import dev.pz.connectors.sql.DuckDbExtensions;
import dev.pz.connectors.sql.SqlDialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** One lake as the run's session attaches it: one read-write alias per connection. */
final class DuckLakeDatabase implements AttachedDatabase {

    private final ConnectorConfig config;
    private final DuckLakeOptions.Catalog catalog;
    private final String alias;
    private final DuckDbExtensions extensions;

    DuckLakeDatabase(ConnectorConfig config) {
        this.config = config;
        this.catalog = config.get(DuckLakeOptions.CATALOG);
        this.alias = ConnectionAliases.alias("ducklake", config.connection());
        this.extensions = DuckDbExtensions.of(DuckLakeConnectorFactory.NAME, config);
    }

    @Override
    public String connector() {
        return DuckLakeConnectorFactory.NAME;
    }

    @Override
    public List<String> setupStatements(String subject) {
        List<String> statements = new ArrayList<>();
        String dataPath = config.find(DuckLakeOptions.DATA_PATH).filter(text -> !text.isBlank())
                .map(text -> " (data_path " + SqlDialect.string(DatabaseFile.resolve(config, text).path().toString()) + ")")
                .orElse("");
        switch (catalog) {
            case DUCKDB -> {
                statements.addAll(extensions.load(subject, List.of("ducklake")));
                statements.add("attach if not exists " + SqlDialect.string("ducklake:" + metadataFile().path()) + " as "
                        + alias + dataPath);
            }
            case SQLITE -> {
                statements.addAll(extensions.load(subject, List.of("ducklake", "sqlite_scanner")));
                statements.add("attach if not exists " + SqlDialect.string("ducklake:sqlite:" + metadataFile().path())
                        + " as " + alias + dataPath);
            }
            case POSTGRES -> {
                statements.addAll(extensions.load(subject, List.of("ducklake", "postgres_scanner")));
                StringBuilder secret = new StringBuilder("create or replace secret " + alias + "_pg (type postgres, host "
                        + SqlDialect.string(config.get(DuckLakeOptions.HOST)) + ", port "
                        + config.find(DuckLakeOptions.PORT).orElse(5432) + ", database "
                        + SqlDialect.string(config.get(DuckLakeOptions.DATABASE)));
                config.find(DuckLakeOptions.USER).ifPresent(user -> secret.append(", user ").append(SqlDialect.string(user)));
                config.find(DuckLakeOptions.PASSWORD).ifPresent(password -> secret.append(", password ")
                        .append(SqlDialect.string(password)));
                statements.add(secret.append(")").toString());
                statements.add("create or replace secret " + alias + "_secret (type ducklake, metadata_path '',"
                        + " data_path " + SqlDialect.string(DatabaseFile.resolve(config,
                                config.get(DuckLakeOptions.DATA_PATH)).path().toString())
                        + ", metadata_parameters map {'TYPE': 'postgres', 'SECRET': '" + alias + "_pg'})");
                statements.add("attach if not exists 'ducklake:" + alias + "_secret' as " + alias);
            }
            case QUACK, MOTHERDUCK -> throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, subject
                    + ": catalog '" + catalog.word() + "' is not supported by this build");
        }
        return statements;
    }

    private DatabaseFile metadataFile() {
        return DatabaseFile.resolve(config, config.get(DuckLakeOptions.PATH));
    }

    @Override
    public AttachedTable table(String entity) {
        return AttachedTable.parse(alias, entity);
    }

    /** A read of a file catalog whose metadata file does not exist (the attach would create an empty lake). */
    @Override
    public void checkReadable(DatasetSpec spec) {
        if (catalog == DuckLakeOptions.Catalog.DUCKDB || catalog == DuckLakeOptions.Catalog.SQLITE) {
            metadataFile().missingForRead(spec.entity(), "ducklake metadata").ifPresent(refusal -> {
                throw refusal;
            });
        }
    }

    /** {@code version:} or {@code timestamp:} as DuckLake's time travel. */
    @Override
    public String timeTravel(DatasetSpec spec) {
        Optional<Integer> version = spec.find(DuckLakeOptions.VERSION);
        Optional<String> timestamp = spec.find(DuckLakeOptions.TIMESTAMP);
        if (version.isPresent() && timestamp.isPresent()) {
            throw new PzConnectorException(PzCode.CONNECTOR_CONFIG_INVALID, spec.context()
                    + ": declare either version: or timestamp:, not both", "remove one of them");
        }
        return version.map(v -> " at (version => " + v + ")")
                .or(() -> timestamp.map(t -> " at (timestamp => timestamp " + SqlDialect.string(t) + ")")).orElse("");
    }

    @Override
    public String location(DatasetSpec spec) {
        return "ducklake " + catalog.word() + " catalog table " + spec.entity();
    }
}
