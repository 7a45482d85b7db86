package dev.pz.connectors.sftp;

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
import dev.pz.connectors.files.FormatOptions;
import dev.pz.connectors.files.remote.SpoolRoot;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Files on an SFTP server (Apache MINA SSHD), universal tier in both directions: reads download the
 * files a path, glob or calendar window names and DuckDB reads them; writes let DuckDB write the file
 * (or one per calendar bucket of a {@code partition_by}) locally and upload it under a temporary
 * name, renamed into place. Options: {@link SftpOptions}; see docs/sftp.md.
 */
public final class SftpConnector implements Connector {

    public static final String VERSION = "0.1.0";

    private static final Set<ConnectorCapability> CAPABILITIES = Collections.unmodifiableSet(EnumSet.of(
            ConnectorCapability.PARTITIONED_READ, ConnectorCapability.REPLACE_WRITES,
            ConnectorCapability.BOUNDED_WINDOW, ConnectorCapability.PATH_TEMPLATING));

    @Override
    public String name() {
        return SftpConnectorFactory.NAME;
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
        return SftpOptions.CONNECTION;
    }

    @Override
    public OptionSet readOptions() {
        return SftpOptions.READ;
    }

    @Override
    public OptionSet writeOptions() {
        return SftpOptions.WRITE;
    }

    @Override
    public List<String> validate(ConnectorConfig config) {
        return SftpSettings.problems(config);
    }

    @Override
    public List<OptionProblem> validateRead(DatasetSpec spec) {
        return FormatOptions.problems(spec, SftpOptions.READ_FORMAT, false);
    }

    @Override
    public List<OptionProblem> validateWrite(OutputSpec spec) {
        return FormatOptions.problems(spec, SftpOptions.WRITE_FORMAT, true);
    }

    /**
     * Connects, checks the host key, authenticates and looks at {@code root} (or the login
     * directory). A passing check names the host key the server presented, so that it can be pinned.
     */
    @Override
    public ConnectionCheck checkConnection(ConnectorConfig config) {
        SftpSettings settings = SftpSettings.of(config);
        try (SftpStore store = new SftpStore(settings)) {
            String root = settings.root().isEmpty() ? "." : settings.root();
            if (!store.isDirectory(root)) {
                return ConnectionCheck.failed("permanent: " + settings.display() + ": root '" + root
                        + "' does not exist or is not a directory");
            }
            String presented = store.presentedFingerprint();
            return new ConnectionCheck(true, settings.fingerprint() != null ? "host key " + presented + " matches"
                    + " host_key_fingerprint" : unpinnedNotice(settings) + " (the server presented " + presented + ")");
        } catch (PzConnectorException e) {
            return ConnectionCheck.failed((e.isTransient() ? "transient: " : "permanent: ") + e.getMessage());
        }
    }

    /** Said whenever a connection without a pinned host key is checked. */
    static String unpinnedNotice(SftpSettings settings) {
        return settings.display() + ": accepting any SSH host key because 'host_key_fingerprint' is not set -- no"
                + " protection against a man-in-the-middle; run 'pz validate --connect' to see the fingerprint the"
                + " server presents, then pin it";
    }

    @Override
    public Optional<Source> openSource(ConnectorConfig config) {
        return Optional.of(new SftpSource(SftpSettings.of(config), SpoolRoot.of(config, SftpConnectorFactory.NAME)));
    }

    @Override
    public Optional<Sink> openSink(ConnectorConfig config) {
        return Optional.of(new SftpSink(SftpSettings.of(config)));
    }
}
