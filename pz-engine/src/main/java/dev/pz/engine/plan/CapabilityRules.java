package dev.pz.engine.plan;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorCapability;
import dev.pz.connectors.api.OptionSet;
import dev.pz.connectors.api.WriteStrategy;
import dev.pz.connectors.api.error.PzCode;
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
        if (engine.forceUniversal() && has(connector, ConnectorCapability.NATIVE_ONLY_READ)) {
            refusals.add(nativeOnly(node, connector, "engine.force_universal asks for the universal tier",
                    "remove engine.force_universal from project.yml"));
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
        if (node.write().options().containsKey(OptionSet.PARTITION_BY) && !has(connector,
                ConnectorCapability.PATH_TEMPLATING) && !has(connector, ConnectorCapability.COLUMN_PARTITIONED_WRITES)) {
            refusals.add(new Refusal(PzCode.TEMPLATING_CAPABILITY_MISSING, subject + ": connector '" + connector.name()
                    + "' cannot write partition_by outputs (it declares neither PathTemplating nor"
                    + " ColumnPartitionedWrites)", node.write().locationOf(OptionSet.PARTITION_BY),
                    "remove partition_by, or write one file per run"));
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

    private static boolean has(Connector connector, ConnectorCapability capability) {
        return connector.capabilities().contains(capability);
    }
}
