package dev.pz.connectors.s3;

import dev.pz.connectors.api.ConnectionCheck;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.OptionProblem;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.OutputSpec;
import dev.pz.connectors.api.Sink;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.SpoolRoot;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Amazon S3 and S3-compatible stores (MinIO, Ceph, R2, GCS interop …). DuckDB's httpfs extension
 * cannot be installed offline, so the AWS SDK moves the bytes between the store and the run's spool,
 * and DuckDB reads and writes the local files (the native tier). Under {@code engine.force_universal}
 * or {@code files_per_partition} reads run the same flow on the universal tier; writes spool batches
 * and make the same upload; {@code partition_by} fans out per calendar bucket. Options: {@link S3Options}.
 */
final class S3Connector implements Connector {

    static final String VERSION = "0.1.0";

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.NATIVE_SCAN, ConnectorCapability.NATIVE_COPY, ConnectorCapability.REPLACE_WRITES,
            ConnectorCapability.BOUNDED_WINDOW, ConnectorCapability.PATH_TEMPLATING,
            ConnectorCapability.PARTITIONED_READ));

    @Override
    public String name() {
        return S3ConnectorFactory.NAME;
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
        return S3Options.CONNECTION;
    }

    @Override
    public OptionSet readOptions() {
        return S3Options.READ;
    }

    @Override
    public OptionSet writeOptions() {
        return S3Options.WRITE;
    }

    @Override
    public List<String> validate(ConnectorConfig config) {
        return S3Settings.problems(config);
    }

    /** Format options written for another format (PZ0362). */
    @Override
    public List<OptionProblem> validateRead(DatasetSpec spec) {
        return FormatOptions.problems(spec, S3Options.READ_FORMAT, false);
    }

    /** Format options written for another format (PZ0362). */
    @Override
    public List<OptionProblem> validateWrite(OutputSpec spec) {
        return FormatOptions.problems(spec, S3Options.WRITE_FORMAT, true);
    }

    /** Credentials, bucket and read access, with one listing of the root (or the buckets, without a root). */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return S3ConnectionProbe.check(S3Settings.of(config));
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new S3Source(new S3Stores(S3Settings.of(config)),
                SpoolRoot.of(config, S3ConnectorFactory.NAME)));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new S3Sink(new S3Stores(S3Settings.of(config))));
    }
}
