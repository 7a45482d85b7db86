package dev.pz.connectors.gcs;

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
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.gcs.GcsOptions.Auth;
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.SpoolRoot;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Google Cloud Storage through google-cloud-storage (or, under {@code auth: hmac}, its S3-compatible
 * XML API). Reads download the objects a key, glob or calendar window names and DuckDB reads them
 * (native tier; universal under {@code engine.force_universal} or {@code files_per_partition});
 * writes are DuckDB's COPY into a local file, uploaded as one object (native tier), or the same from
 * spooled batches (universal tier, and every {@code partition_by} fan-out). Options:
 * {@link GcsOptions}; see docs/gcs.md.
 */
public final class GcsConnector implements Connector {

    public static final String VERSION = "0.1.0";

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.NATIVE_SCAN, ConnectorCapability.NATIVE_COPY, ConnectorCapability.PARTITIONED_READ,
            ConnectorCapability.REPLACE_WRITES, ConnectorCapability.BOUNDED_WINDOW, ConnectorCapability.PATH_TEMPLATING));

    /** Null for Google's own, made when a connection first needs one: see {@link #clients()}. */
    private final GcsClients clients;

    public GcsConnector() {
        this(null);
    }

    /** A connector whose Storage clients {@code clients} makes (tests hand in a stand-in). */
    GcsConnector(GcsClients clients) {
        this.clients = clients;
    }

    /**
     * Google's clients are made here rather than in the constructor: linking {@link GcsClients#google}
     * loads Google's credential and Storage classes, and every pz run builds this connector for its
     * registry, also in a project with no gcs connection.
     */
    private GcsClients clients() {
        return clients != null ? clients : GcsClients.google();
    }

    @Override
    public String name() {
        return GcsConnectorFactory.NAME;
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
        return GcsOptions.CONNECTION;
    }

    @Override
    public OptionSet readOptions() {
        return GcsOptions.READ;
    }

    @Override
    public OptionSet writeOptions() {
        return GcsOptions.WRITE;
    }

    /** The rules across options, and a service-account key that cannot be loaded (read offline). */
    @Override
    public List<String> validate(ConnectorConfig config) {
        List<String> problems = new ArrayList<>(GcsSettings.problems(config));
        if (problems.isEmpty() && config.get(GcsOptions.AUTH) == Auth.SERVICE_ACCOUNT) {
            try {
                GcsClients.credentials(GcsSettings.of(config));
            } catch (PzConnectorException e) {
                problems.add(e.getMessage());
            }
        }
        return problems;
    }

    @Override
    public List<OptionProblem> validateRead(DatasetSpec spec) {
        return FormatOptions.problems(spec, GcsOptions.READ_FORMAT, false);
    }

    @Override
    public List<OptionProblem> validateWrite(OutputSpec spec) {
        return FormatOptions.problems(spec, GcsOptions.WRITE_FORMAT, true);
    }

    /** Lists at most one object under root; without a root, buckets are met only when used. */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        GcsSettings settings;
        try {
            settings = GcsSettings.of(config);
            if (settings.rootBucket() == null) {
                return new ConnectionCheck(true, "gcs: no root, so each bucket is checked when a dataset or output"
                        + " uses it");
            }
            try (GcsBucketStore store = new GcsStores(settings, clients()).open()) {
                store.probe(settings.rootBucket(), settings.rootPrefix());
            }
            return ConnectionCheck.passed();
        } catch (PzConnectorException e) {
            return ConnectionCheck.failed((e.isTransient() ? "transient: " : "permanent: ") + e.getMessage());
        }
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new GcsSource(new GcsStores(GcsSettings.of(config), clients()),
                SpoolRoot.of(config, GcsConnectorFactory.NAME)));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new GcsSink(new GcsStores(GcsSettings.of(config), clients())));
    }
}
