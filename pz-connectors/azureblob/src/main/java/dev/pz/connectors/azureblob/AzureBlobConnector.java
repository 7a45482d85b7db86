package dev.pz.connectors.azureblob;

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
 * Azure Blob Storage and ADLS Gen2 accounts. DuckDB's azure extension cannot be installed offline, so
 * the Azure SDK moves the bytes between the account and the run's spool, and DuckDB reads and writes
 * the local files. Reads are native, or universal under {@code engine.force_universal} or
 * {@code files_per_partition} (the same flow per partition); writes are native, or universal for a
 * {@code partition_by} fan-out into calendar folders. Options: {@link AzureOptions}.
 */
final class AzureBlobConnector implements Connector {

    static final String VERSION = "0.1.0";

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.NATIVE_SCAN, ConnectorCapability.NATIVE_COPY, ConnectorCapability.REPLACE_WRITES,
            ConnectorCapability.BOUNDED_WINDOW, ConnectorCapability.PATH_TEMPLATING,
            ConnectorCapability.PARTITIONED_READ));

    @Override
    public String name() {
        return AzureBlobConnectorFactory.NAME;
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
        return AzureOptions.CONNECTION;
    }

    @Override
    public OptionSet readOptions() {
        return AzureOptions.READ;
    }

    @Override
    public OptionSet writeOptions() {
        return AzureOptions.WRITE;
    }

    /** Format options written for another format (PZ0362). */
    @Override
    public List<OptionProblem> validateRead(DatasetSpec spec) {
        return FormatOptions.problems(spec, AzureOptions.READ_FORMAT, false);
    }

    /** Format options written for another format (PZ0362). */
    @Override
    public List<OptionProblem> validateWrite(OutputSpec spec) {
        return FormatOptions.problems(spec, AzureOptions.WRITE_FORMAT, true);
    }

    @Override
    public List<String> validate(ConnectorConfig config) {
        return AzureSettings.problems(config);
    }

    /** The account's service properties: proves the endpoint and the credentials (containers are per dataset). */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        return AzureConnectionProbe.check(AzureSettings.of(config));
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new AzureSource(AzureSettings.of(config), SpoolRoot.of(config,
                AzureBlobConnectorFactory.NAME)));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new AzureSink(AzureSettings.of(config)));
    }
}
