package dev.pz.connectors.sql;

import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.Option;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The DuckDB extensions a connector needs, loaded from files a deployment provides. pz's DuckDB has
 * only core_functions, icu, json and parquet built in and cannot download others (no network), so a
 * connector that needs, say, {@code ducklake} reads it from {@code <extension_directory>/ducklake.duckdb_extension}
 * ({@code load '<file>'}: DuckDB checks the file's signature and version as it loads it). Without the
 * files the native path is refused at plan time (PZ0353), naming each missing extension.
 */
public record DuckDbExtensions(String connector, String connection, Path directory) {

    /** The connection option every extension-backed connector declares. */
    public static final Option<String> EXTENSION_DIRECTORY = Option.string("extension_directory", "A directory"
            + " holding the DuckDB extension files this connector needs (<name>.duckdb_extension, the official"
            + " signed builds for pz's DuckDB version and platform); relative paths resolve against the project directory.");

    public static DuckDbExtensions of(String connector, ConnectorConfig config) {
        Path base = config.baseDirectory().orElse(Path.of(""));
        Path directory = config.find(EXTENSION_DIRECTORY).filter(text -> !text.isBlank())
                .map(text -> base.resolve(text).toAbsolutePath().normalize()).orElse(null);
        return new DuckDbExtensions(connector, config.connection(), directory);
    }

    /** The file an extension is loaded from, whether or not it exists. */
    public Path file(String extension) {
        return directory == null ? null : directory.resolve(extension + ".duckdb_extension");
    }

    /**
     * The statements that load {@code extensions}, in order.
     *
     * @param subject what needs them, for the message: {@code dataset 'orders'}
     * @throws PzConnectorException PZ0353 naming every extension whose file is missing
     */
    public List<String> load(String subject, List<String> extensions) {
        List<String> missing = new ArrayList<>();
        List<String> statements = new ArrayList<>();
        for (String extension : extensions) {
            Path file = file(extension);
            if (file == null || !Files.isRegularFile(file)) {
                missing.add(extension);
            } else {
                statements.add("load " + SqlDialect.string(file.toString()));
            }
        }
        if (!missing.isEmpty()) {
            String names = String.join("', '", missing);
            String where = directory == null ? "connection '" + connection + "' sets no extension_directory"
                    : "extension_directory '" + directory + "' holds no " + String.join(", ", missing.stream()
                            .map(name -> name + ".duckdb_extension").toList());
            throw new PzConnectorException(PzCode.NATIVE_PATH_CONTRACT_MISMATCH, subject + ": connector '" + connector
                    + "' needs DuckDB's '" + names + "' extension" + (missing.size() > 1 ? "s" : "")
                    + ", which pz cannot install without network access, and " + where,
                    "put the official " + String.join(", ", missing) + " extension file" + (missing.size() > 1 ? "s" : "")
                            + " for pz's DuckDB in a directory and set extension_directory: on the connection"
                            + " (docs/extension-connectors.md)");
        }
        return statements;
    }
}
