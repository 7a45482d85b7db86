package dev.pz.connectors.ducklake;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.sql.DuckDbExtensions;

/** Every option ducklake accepts; which ones a catalog needs is checked by {@link DuckLakeCatalogRules}. */
final class DuckLakeOptions {

    static final Option<Catalog> CATALOG = Option.choice("catalog", "Where the DuckLake metadata lives.",
            Catalog.class).defaultValue(Catalog.DUCKDB);
    static final Option<String> PATH = Option.string("path", "The metadata database file (duckdb and sqlite"
            + " catalogs); relative paths resolve against the project directory.");
    static final Option<String> DATA_PATH = Option.string("data_path", "Where the table data files live: a local"
            + " directory, relative to the project directory.");
    static final Option<String> HOST = Option.string("host", "PostgreSQL host of a postgres catalog.");
    static final Option<Integer> PORT = Option.integer("port", "PostgreSQL port of a postgres catalog (5432 when"
            + " not set).").between(1, 65_535);
    static final Option<String> DATABASE = Option.string("database", "PostgreSQL database (postgres catalog) or"
            + " MotherDuck database (motherduck catalog).");
    static final Option<String> USER = Option.string("user", "PostgreSQL user of a postgres catalog.");
    static final Option<String> PASSWORD = Option.string("password", "PostgreSQL password of a postgres catalog.")
            .secret();
    static final Option<String> URI = Option.string("uri", "Quack server of a quack catalog.");
    static final Option<String> TOKEN = Option.string("token", "Token of a quack or motherduck catalog.").secret();
    static final Option<String> STORAGE_KEY_ID = Option.string("storage_key_id", "Object-store key id for an"
            + " object-store data_path.");
    static final Option<String> STORAGE_SECRET_KEY = Option.string("storage_secret_key", "Object-store secret key"
            + " for an object-store data_path.").secret();
    static final Option<String> STORAGE_REGION = Option.string("storage_region", "Object-store region.");
    static final Option<String> STORAGE_ENDPOINT = Option.string("storage_endpoint", "Object-store endpoint.");
    static final Option<String> STORAGE_URL_STYLE = Option.string("storage_url_style", "Object-store URL style"
            + " (vhost or path).");
    static final Option<Boolean> STORAGE_USE_SSL = Option.bool("storage_use_ssl", "Whether the object store is"
            + " reached over TLS.");

    static final Option<Integer> VERSION = Option.integer("version", "Read the table as of this snapshot"
            + " version.").between(0, Integer.MAX_VALUE);
    static final Option<String> TIMESTAMP = Option.string("timestamp", "Read the table as of this time"
            + " (yyyy-MM-dd HH:mm:ss).");

    static final OptionSet CONNECTION = OptionSet.of(CATALOG, PATH, DATA_PATH, HOST, PORT, DATABASE, USER, PASSWORD,
            URI, TOKEN, STORAGE_KEY_ID, STORAGE_SECRET_KEY, STORAGE_REGION, STORAGE_ENDPOINT, STORAGE_URL_STYLE,
            STORAGE_USE_SSL, DuckDbExtensions.EXTENSION_DIRECTORY);
    static final OptionSet READ = OptionSet.of(VERSION, TIMESTAMP);

    private DuckLakeOptions() {
    }

    enum Catalog implements Choice {
        DUCKDB("duckdb"), SQLITE("sqlite"), POSTGRES("postgres"), QUACK("quack"), MOTHERDUCK("motherduck");

        private final String word;

        Catalog(String word) {
            this.word = word;
        }

        @Override
        public String word() {
            return word;
        }
    }
}
