package dev.pz.engine.plan;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.paths.PathTemplate;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.EngineConfig;
import dev.pz.engine.model.SourceLocation;
import dev.pz.engine.model.SyncDef;
import java.util.ArrayList;
import java.util.List;

/**
 * What a connection, dataset or output asks of its connector that the connector's capabilities do
 * not allow, found offline from the declarations alone. {@code pz validate} reports every refusal;
 * the planner reports those of the nodes a run executes. A feature this build lacks for every
 * connector (rate limiting) is refused here too.
 */
public final class CapabilityRules {

    /** One refusal: the code, the message naming the connection, dataset or output, where, and a hint. */
    public record Refusal(PzCode code, String message, SourceLocation location, String hint) {
    }

    /** The read and write option a file-place connector names its files with. */
    private static final String PATH = "path";
    /** The read option that coalesces matched files into universal partitions. */
    private static final String FILES_PER_PARTITION = "files_per_partition";

    private CapabilityRules() {
    }

    /** Connection-level options the connector cannot honour. */
    public static List<Refusal> connection(ConnectionDef connection, Connector connector) {
        List<Refusal> refusals = new ArrayList<>();
        if (connection.rateLimit() != null) {
            refusals.add(new Refusal(PzCode.PACING_UNSUPPORTED, "connection '" + connection.name()
                    + "': connector '" + connector.name() + "' does not pace its operations, so rate_limit cannot apply",
                    connection.locationOf("rate_limit"), "remove rate_limit: from the connection"));
        }
        return refusals;
    }

    /** What a dataset's read asks that its connector cannot do. */
    public static List<Refusal> source(SourceLoadNode node, Connector connector, EngineConfig engine) {
        List<Refusal> refusals = new ArrayList<>();
        SourceLocation at = node.read().locationOf("sync");
        SyncDef sync = node.read().sync();
        String subject = "source '" + node.datasetKey() + "'";
        if (sync != null && sync.isWindowed() && !has(connector, ConnectorCapability.BOUNDED_WINDOW)) {
            refusals.add(new Refusal(PzCode.WINDOW_CAPABILITY_MISSING, "connector '" + connector.name()
                    + "' cannot bound a read window, so " + subject + " cannot use max_window", at,
                    "remove max_window/initial/until from the sync: block"));
        }
        if (sync != null && sync.mode() == SyncDef.Mode.CDC && !has(connector, ConnectorCapability.CHANGE_CAPTURE)) {
            refusals.add(new Refusal(PzCode.CHANGE_CAPTURE_UNSUPPORTED, subject + ": sync mode 'cdc' needs change"
                    + " capture, which connector '" + connector.name() + "' does not provide", at,
                    "use a ChangeCapture-capable connector (postgres, sqlserver) or a different sync mode"));
        }
        if (templated(node.read().options()) && !has(connector, ConnectorCapability.PATH_TEMPLATING)) {
            refusals.add(new Refusal(PzCode.TEMPLATING_CAPABILITY_MISSING, subject + " has a date-templated path, but"
                    + " connector '" + connector.name() + "' does not support path templating", at,
                    "use a PathTemplating-capable connector, or remove the date tokens from path:"));
        }
        if (engine.forceUniversal() && has(connector, ConnectorCapability.NATIVE_ONLY_READ)) {
            refusals.add(nativeOnly(node, connector, "engine.force_universal asks for the universal tier",
                    "remove engine.force_universal from project.yml"));
        }
        if (node.read().options().containsKey(FILES_PER_PARTITION) && has(connector, ConnectorCapability.NATIVE_ONLY_READ)) {
            refusals.add(nativeOnly(node, connector, "files_per_partition coalesces files into universal partitions",
                    "remove files_per_partition (the native scan reads every matched file in one statement)"));
        }
        return refusals;
    }

    /** The refusal of a universal read on a connector that reads natively only (PZ0312). */
    static Refusal nativeOnly(SourceLoadNode node, Connector connector, String why, String hint) {
        return new Refusal(PzCode.NATIVE_PATH_REQUIRED, "source '" + node.datasetKey() + "': connector '"
                + connector.name() + "' reads natively only, and " + why, node.read().location(), hint);
    }

    /** What an output asks that its connector cannot do. */
    public static List<Refusal> sink(SinkWriteNode node, Connector connector) {
        List<Refusal> refusals = new ArrayList<>();
        String subject = "output '" + node.name() + "'";
        WriteStrategy strategy = node.write().strategy();
        if (strategy == WriteStrategy.MERGE && !has(connector, ConnectorCapability.MERGE)
                || strategy == WriteStrategy.REPLACE && !has(connector, ConnectorCapability.REPLACE_WRITES)) {
            refusals.add(new Refusal(PzCode.WRITE_MODE_UNSUPPORTED, subject + ": connector '" + connector.name()
                    + "' does not support strategy " + strategy.word(), node.write().locationOf("strategy"),
                    "pick a strategy the connector supports (see `pz connectors`)"));
        }
        if (node.write().options().containsKey(OptionSet.PARTITION_BY)) {
            // Calendar tokens in path: pz renders a folder per bucket. Otherwise the destination partitions itself.
            boolean rendersFromPath = templated(node.write().options());
            ConnectorCapability layout = rendersFromPath ? ConnectorCapability.PATH_TEMPLATING
                    : ConnectorCapability.COLUMN_PARTITIONED_WRITES;
            if (!has(connector, layout)) {
                refusals.add(new Refusal(PzCode.TEMPLATING_CAPABILITY_MISSING, subject + ": connector '"
                        + connector.name() + "' cannot write this partition_by output (it does not declare "
                        + layout.displayName() + ")", node.write().locationOf(OptionSet.PARTITION_BY), rendersFromPath
                                ? "use a PathTemplating-capable connector, or remove partition_by"
                                : "add calendar tokens ({yyyy}/{MM}/{dd}) to path:, or remove partition_by"));
            }
        }
        String onDelete = node.write().onDelete();
        if (("delete".equals(onDelete) || "soft".equals(onDelete)) && !has(connector, ConnectorCapability.APPLY_DELETES)) {
            refusals.add(new Refusal(PzCode.DELETE_APPLY_UNSUPPORTED, subject + ": on_delete: " + onDelete
                    + " needs a sink that applies deletes, which connector '" + connector.name() + "' does not",
                    node.write().locationOf("on_delete"),
                    "use on_delete: ignore, or an ApplyDeletes-capable sink (postgres, sqlserver)"));
        }
        return refusals;
    }

    /** Whether the options' {@code path} holds calendar tokens. */
    private static boolean templated(java.util.Map<String, Object> options) {
        return options.get(PATH) instanceof String path && PathTemplate.hasDateTokens(path);
    }

    private static boolean has(Connector connector, ConnectorCapability capability) {
        return connector.capabilities().contains(capability);
    }
}
