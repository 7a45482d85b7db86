package dev.pz.connectors.iceberg;

import dev.pz.connectors.api.Choice;
import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.sql.DatabaseFile;
import dev.pz.connectors.sql.DuckDbExtensions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Apache Iceberg tables through DuckDB's {@code iceberg} extension. This build reads tables of the
 * {@code files} catalog under a local root ({@code iceberg_scan}); the REST, Glue and S3 Tables
 * catalogs and writes need DuckDB's httpfs/aws extensions and a network, and are refused when
 * configured. The extension file must be provided ({@code extension_directory}); without it every
 * read is refused at plan time.
 */
public final class IcebergConnector implements Connector {

    static final Option<Catalog> CATALOG = Option.choice("catalog", "Where the tables are found; this build reads"
            + " the files catalog only.", Catalog.class).defaultValue(Catalog.REST);
    static final Option<String> ROOT = Option.string("root", "The files catalog's root directory: tables are"
            + " <root>/<namespace>/<table>; relative paths resolve against the project directory.");
    static final Option<String> ENDPOINT = Option.string("endpoint", "REST catalog endpoint (not supported by this"
            + " build).");
    static final Option<String> WAREHOUSE = Option.string("warehouse", "Catalog warehouse (not supported by this"
            + " build).");
    static final Option<String> TOKEN = Option.string("token", "REST catalog token (not supported by this build).")
            .secret();
    static final Option<String> CLIENT_ID = Option.string("client_id", "REST catalog OAuth2 client id (not supported"
            + " by this build).");
    static final Option<String> CLIENT_SECRET = Option.string("client_secret", "REST catalog OAuth2 client secret"
            + " (not supported by this build).").secret();

    static final Option<String> VERSION = Option.string("version", "Read the table as of this snapshot id.")
            .must("be a snapshot id (digits)", text -> text.matches("\\d{1,20}"));
    static final Option<String> TIMESTAMP = Option.string("timestamp", "Read the table as of this time"
            + " (yyyy-MM-dd HH:mm:ss).");
    static final Option<String> METADATA_VERSION = Option.string("metadata_version", "Read this metadata version"
            + " of a files-catalog table.");

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.NATIVE_SCAN, ConnectorCapability.BOUNDED_WINDOW,
            ConnectorCapability.INCLUSIVE_WATERMARK_BOUND, ConnectorCapability.NATIVE_ONLY_READ));

    @Override
    public String name() {
        return IcebergConnectorFactory.NAME;
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
        return OptionSet.of(CATALOG, ROOT, ENDPOINT, WAREHOUSE, TOKEN, CLIENT_ID, CLIENT_SECRET,
                DuckDbExtensions.EXTENSION_DIRECTORY);
    }

    @Override
    public OptionSet readOptions() {
        return OptionSet.of(VERSION, TIMESTAMP, METADATA_VERSION);
    }

    @Override
    public OptionSet writeOptions() {
        return OptionSet.none();
    }

    @Override
    public List<String> validate(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        Catalog catalog = config.get(CATALOG);
        if (catalog != Catalog.FILES) {
            problems.add("catalog '" + catalog.word() + "' is not supported by this build (it needs DuckDB's httpfs"
                    + " extension and a network) -- use catalog: files with a local root");
            return problems;
        }
        String root = config.find(ROOT).orElse("");
        if (root.isBlank()) {
            problems.add("catalog 'files' requires 'root'");
        } else if (root.contains("://")) {
            problems.add("a URL root is not supported by this build (it needs DuckDB's httpfs extension) -- use a"
                    + " local directory");
        } else if (DatabaseFile.insidePzDirectory(config, DatabaseFile.resolve(config, root).path())) {
            problems.add("'root' resolves inside the project's .pz/ directory, which is pz's own staging and state area");
        }
        for (Option<String> rest : List.of(ENDPOINT, WAREHOUSE, TOKEN, CLIENT_ID, CLIENT_SECRET)) {
            if (config.isSet(rest)) {
                problems.add("catalog 'files' does not take '" + rest.name() + "'");
            }
        }
        return problems;
    }

    /** The files catalog's root directory must exist. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        Path root = DatabaseFile.resolve(config, config.find(ROOT).orElse("")).path();
        return Files.isDirectory(root) ? ConnectionCheck.passed()
                : ConnectionCheck.failed("permanent: iceberg root '" + root + "' is not a directory");
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new IcebergSource(DatabaseFile.resolve(config, config.find(ROOT).orElse("")).path(),
                DuckDbExtensions.of(IcebergConnectorFactory.NAME, config)));
    }

    /** Writes need a catalog this build does not support. */
    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.empty();
    }

    enum Catalog implements Choice {
        REST("rest"), GLUE("glue"), S3_TABLES("s3_tables"), FILES("files");

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
