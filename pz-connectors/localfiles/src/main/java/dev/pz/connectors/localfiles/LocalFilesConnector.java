package dev.pz.connectors.localfiles;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Files on the local filesystem. DuckDB reads and writes them itself (native tier); the universal
 * tier reads csv/tsv with pz's own parser (byte-range partitions for large comma files) and parquet
 * through DuckDB's reader, writes csv, tsv and NDJSON with pz's own writers and parquet with
 * DuckDB's COPY, and reads and writes xlsx and avro with pz's own readers and writers. A path with
 * calendar tokens reads a bounded window's cover and, with {@code partition_by}, writes one folder
 * per calendar bucket. Options: {@link LocalFilesOptions}.
 */
public final class LocalFilesConnector implements Connector {

    public static final String VERSION = "0.1.0";

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.NATIVE_SCAN, ConnectorCapability.NATIVE_COPY, ConnectorCapability.REPLACE_WRITES,
            ConnectorCapability.BOUNDED_WINDOW, ConnectorCapability.PARTITIONED_READ,
            ConnectorCapability.PATH_TEMPLATING));

    private final int maxPartitions;
    private final long minBytesPerPartition;

    public LocalFilesConnector() {
        this(LocalFilesCsvSplitPlanner.defaultMaxPartitions(), LocalFilesCsvSplitPlanner.MIN_BYTES_PER_PARTITION);
    }

    /** A connector whose universal csv reads split smaller files; tests lower the byte floor. */
    LocalFilesConnector(int maxPartitions, long minBytesPerPartition) {
        this.maxPartitions = maxPartitions;
        this.minBytesPerPartition = minBytesPerPartition;
    }

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

    @Override
    public OptionSet connectionOptions() {
        return LocalFilesOptions.CONNECTION;
    }

    /** The {@code columns:} contract is not listed: pz passes it as {@code DatasetSpec.columns}. */
    @Override
    public OptionSet readOptions() {
        return LocalFilesOptions.READ;
    }

    @Override
    public OptionSet writeOptions() {
        return LocalFilesOptions.WRITE;
    }

    /** Nothing to probe: a missing directory is reported by the read or write that needs it. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return ConnectionCheck.passed();
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new LocalFilesSource(LocalFilesPaths.of(config)).withSplitting(maxPartitions,
                minBytesPerPartition));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new LocalFilesSink(LocalFilesPaths.of(config)));
    }
}
