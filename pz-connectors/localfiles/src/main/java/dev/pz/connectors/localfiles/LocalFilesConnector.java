package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OptionSchema;
import dev.pz.connectors.api.OptionSchema.OptionType;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.paths.PartitionColumns;
import dev.pz.connectors.files.FormatOptions;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Files on the local filesystem. DuckDB reads and writes them itself (native tier); the universal
 * tier reads csv/tsv with pz's own parser (byte-range partitions for large comma files) and parquet
 * through DuckDB's reader, and writes csv, tsv and NDJSON with pz's own writers and parquet with
 * DuckDB's COPY. A path with calendar tokens reads a bounded window's cover and, with
 * {@code partition_by}, writes one folder per calendar bucket.
 */
public final class LocalFilesConnector implements Connector {

    public static final String VERSION = "0.1.0";

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.NATIVE_SCAN, ConnectorCapability.NATIVE_COPY, ConnectorCapability.REPLACE_WRITES,
            ConnectorCapability.BOUNDED_WINDOW, ConnectorCapability.PARTITIONED_READ,
            ConnectorCapability.PATH_TEMPLATING));

    @Override
    public String name() {
        return LocalFilesConnectorFactory.NAME;
    }

    @Override
    public String version() {
        return VERSION;
    }

    @Override
    public Set<ConnectorCapability> capabilities() {
        return CAPABILITIES;
    }

    /** {@code root} only; the host's {@code base_dir} is accepted without being listed. */
    @Override
    public OptionSchema connectionOptions() {
        return OptionSchema.builder().optional(LocalFilesPaths.ROOT, OptionType.STRING).build();
    }

    /** The {@code columns:} contract is not listed: pz passes it as {@code DatasetSpec.columns}. */
    @Override
    public OptionSchema readOptions() {
        return FormatOptions.declare(OptionSchema.builder().optional(LocalFilesPaths.PATH, OptionType.STRING)).build();
    }

    @Override
    public OptionSchema writeOptions() {
        return FormatOptions.declare(OptionSchema.builder().optional(LocalFilesPaths.PATH, OptionType.STRING))
                .optional(PartitionColumns.OPTION, OptionType.STRING_OR_LIST)
                .optional(FormatOptions.COMPRESSION, OptionType.STRING)
                .build();
    }

    @Override
    public Set<String> secretKeys() {
        return Set.of();
    }

    @Override
    public List<String> validate(ConnectorConfig config) {
        List<String> problems = new ArrayList<>();
        Object root = config.values().get(LocalFilesPaths.ROOT);
        if (root != null && !(root instanceof String)) {
            problems.add("connection '" + config.connection() + "': 'root' must be a string");
        } else if (root != null && !validPath((String) root)) {
            problems.add("connection '" + config.connection() + "': 'root' is not a valid path");
        }
        Object baseDir = config.values().get(ConnectorConfig.BASE_DIR);
        if (baseDir != null && !(baseDir instanceof String && validPath((String) baseDir)
                && Path.of((String) baseDir).isAbsolute())) {
            problems.add("connection '" + config.connection() + "': 'base_dir' must be an absolute path");
        }
        return List.copyOf(problems);
    }

    /** Nothing to probe: a missing directory is reported by the read or write that needs it. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return ConnectionCheck.passed();
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new LocalFilesSource(LocalFilesPaths.of(config)));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new LocalFilesSink(LocalFilesPaths.of(config)));
    }


    private static boolean validPath(String path) {
        try {
            Path.of(path);
            return true;
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
