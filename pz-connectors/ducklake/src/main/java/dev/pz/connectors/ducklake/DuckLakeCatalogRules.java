package dev.pz.connectors.ducklake;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.sql.DatabaseFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which options each catalog requires and forbids, and what this build does not support: the quack
 * and motherduck catalogs and object-store data paths (they need DuckDB's httpfs, quack or
 * motherduck extensions and a network).
 */
final class DuckLakeCatalogRules {

    private static final List<Option<?>> SERVER_KEYS = List.of(DuckLakeOptions.HOST, DuckLakeOptions.PORT,
            DuckLakeOptions.DATABASE, DuckLakeOptions.USER, DuckLakeOptions.PASSWORD, DuckLakeOptions.URI,
            DuckLakeOptions.TOKEN);
    private static final List<Option<?>> STORAGE_KEYS = List.of(DuckLakeOptions.STORAGE_KEY_ID,
            DuckLakeOptions.STORAGE_SECRET_KEY, DuckLakeOptions.STORAGE_REGION, DuckLakeOptions.STORAGE_ENDPOINT,
            DuckLakeOptions.STORAGE_URL_STYLE, DuckLakeOptions.STORAGE_USE_SSL);

    private DuckLakeCatalogRules() {
    }

    static List<String> check(ConnectorConfig config) {
        DuckLakeOptions.Catalog catalog = config.get(DuckLakeOptions.CATALOG);
        String name = "catalog '" + catalog.word() + "'";
        List<String> problems = new ArrayList<>();
        Map<DuckLakeOptions.Catalog, List<Option<?>>> required = Map.of(
                DuckLakeOptions.Catalog.DUCKDB, List.of(DuckLakeOptions.PATH),
                DuckLakeOptions.Catalog.SQLITE, List.of(DuckLakeOptions.PATH, DuckLakeOptions.DATA_PATH),
                DuckLakeOptions.Catalog.POSTGRES, List.of(DuckLakeOptions.HOST, DuckLakeOptions.DATABASE,
                        DuckLakeOptions.DATA_PATH),
                DuckLakeOptions.Catalog.QUACK, List.of(DuckLakeOptions.URI, DuckLakeOptions.TOKEN, DuckLakeOptions.DATA_PATH),
                DuckLakeOptions.Catalog.MOTHERDUCK, List.of(DuckLakeOptions.DATABASE, DuckLakeOptions.TOKEN,
                        DuckLakeOptions.DATA_PATH));
        for (Option<?> option : required.get(catalog)) {
            if (!config.isSet(option)) {
                problems.add(name + " requires '" + option.name() + "'");
            }
        }
        List<Option<?>> forbidden = switch (catalog) {
            case DUCKDB, SQLITE -> SERVER_KEYS;
            case POSTGRES -> List.of(DuckLakeOptions.PATH, DuckLakeOptions.URI, DuckLakeOptions.TOKEN);
            case QUACK -> List.of(DuckLakeOptions.PATH, DuckLakeOptions.HOST, DuckLakeOptions.PORT,
                    DuckLakeOptions.DATABASE, DuckLakeOptions.USER, DuckLakeOptions.PASSWORD);
            case MOTHERDUCK -> List.of(DuckLakeOptions.PATH, DuckLakeOptions.URI, DuckLakeOptions.HOST,
                    DuckLakeOptions.PORT, DuckLakeOptions.USER, DuckLakeOptions.PASSWORD);
        };
        for (Option<?> option : forbidden) {
            if (config.isSet(option)) {
                problems.add(name + " does not take '" + option.name() + "'");
            }
        }
        if (catalog == DuckLakeOptions.Catalog.QUACK || catalog == DuckLakeOptions.Catalog.MOTHERDUCK) {
            problems.add(name + " is not supported by this build (it needs a network service and its DuckDB"
                    + " extension) -- use a duckdb, sqlite or postgres catalog");
        }
        String dataPath = config.find(DuckLakeOptions.DATA_PATH).orElse("");
        if (dataPath.contains("://") || STORAGE_KEYS.stream().anyMatch(config::isSet)) {
            problems.add("an object-store data_path (and the storage_* keys) is not supported by this build (it needs"
                    + " DuckDB's httpfs extension and a network) -- use a local data_path");
        }
        for (Option<String> local : List.of(DuckLakeOptions.PATH, DuckLakeOptions.DATA_PATH)) {
            config.find(local).filter(text -> !text.isBlank() && !text.contains("://")).ifPresent(text -> {
                if (DatabaseFile.insidePzDirectory(config, DatabaseFile.resolve(config, text).path())) {
                    problems.add("'" + local.name() + "' resolves inside the project's .pz/ directory, which is pz's own"
                            + " staging and state area -- point it outside .pz/");
                }
            });
        }
        return problems;
    }
}
