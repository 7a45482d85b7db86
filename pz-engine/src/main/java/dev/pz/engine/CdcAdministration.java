package dev.pz.engine;

import dev.pz.connectors.api.ChangeCaptureAdmin;
import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.DatasetSpec;
import dev.pz.connectors.api.Source;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.connectors.api.error.PzConnectorException;
import dev.pz.connectors.api.error.PzError;
import dev.pz.connectors.api.error.PzException;
import dev.pz.engine.compile.CdcRouting;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorMessages;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.Project;
import dev.pz.engine.state.StateBackend;
import dev.pz.engine.state.StateBackends;
import dev.pz.engine.state.SyncStateStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * {@code pz cdc status|drop}: the server-side state of every change-capture dataset the project
 * reads, asked of its connector's {@link ChangeCaptureAdmin}, with the token stored for it.
 */
final class CdcAdministration {
    private final Project project;
    private final CompiledDag dag;
    private final ConnectorRegistry registry;

    CdcAdministration(Project project, CompiledDag dag, ConnectorRegistry registry) {
        this.project = project;
        this.dag = dag;
        this.registry = registry;
    }

    /** The project's state backend (local, or the shared one project.yml or {@code --state-url} chose). */
    private StateBackend openState() {
        return StateBackends.open(project.state(), project.directory());
    }

    List<CdcStatusRow> status() {
        try (StateBackend state = openState()) {
            return status(SyncStateStore.on(state));
        }
    }

    private List<CdcStatusRow> status(SyncStateStore tokens) {
        List<CdcStatusRow> rows = new ArrayList<>();
        for (SourceLoadNode node : datasets()) {
            ConnectionDef connection = project.connections().get(node.connection());
            String token = tokens.get(node.datasetKey()).map(SyncStateStore.SyncState::token).orElse(null);
            Optional<Connector> connector = registry.find(connection.connector());
            if (connector.isEmpty()) {
                rows.add(new CdcStatusRow(node.datasetKey(), connection.connector(), false, null, null, token, null,
                        List.of("connector '" + connection.connector() + "' is not installed")));
                continue;
            }
            try (Source source = open(connector.get(), connection)) {
                if (!(source instanceof ChangeCaptureAdmin admin)) {
                    rows.add(new CdcStatusRow(node.datasetKey(), connection.connector(), false, null, null, token, null,
                            List.of()));
                    continue;
                }
                ChangeCaptureAdmin.Status status = admin.status(spec(node, token));
                rows.add(new CdcStatusRow(node.datasetKey(), connection.connector(), true, status.healthy(),
                        status.positionName(), token, status.retainedBytes(), status.detail()));
            } catch (PzConnectorException e) {
                rows.add(new CdcStatusRow(node.datasetKey(), connection.connector(), true, false, null, token, null,
                        List.of(ConnectorMessages.withoutCode(e.getMessage()))));
            }
        }
        return rows;
    }

    CdcDropReport drop(String target) {
        int dot = target.indexOf('.');
        if (dot <= 0 || dot == target.length() - 1) {
            throw new PzException(PzError.of(PzCode.CDC_TARGET_INVALID, "'" + target + "' is not a <source>.<dataset>"
                    + " target").withHint("usage: pz cdc drop <source>.<dataset>"));
        }
        SourceLoadNode node = datasets().stream().filter(dataset -> dataset.datasetKey().equals(target)).findFirst()
                .orElseThrow(() -> new PzException(PzError.of(PzCode.CDC_TARGET_NOT_FOUND, "'" + target + "' is not a"
                        + " cdc dataset of this project").withHint("`pz cdc status` lists the cdc datasets")));
        try (StateBackend state = openState()) {
            return drop(node, SyncStateStore.on(state));
        }
    }

    private CdcDropReport drop(SourceLoadNode node, SyncStateStore tokens) {
        String target = node.datasetKey();
        ConnectionDef connection = project.connections().get(node.connection());
        Connector connector = registry.find(connection.connector()).orElseThrow(() -> new PzException(PzError.of(
                PzCode.CONNECTOR_NOT_INSTALLED, "connector '" + connection.connector() + "' is not installed")));
        String token = tokens.get(target).map(SyncStateStore.SyncState::token).orElse(null);
        try (Source source = open(connector, connection)) {
            if (!(source instanceof ChangeCaptureAdmin admin)) {
                throw new PzException(PzError.of(PzCode.CDC_TARGET_NOT_FOUND, "connector '" + connection.connector()
                        + "' of '" + target + "' cannot manage change-capture state").withHint(
                                "remove the state on the server yourself"));
            }
            ChangeCaptureAdmin.Dropped dropped = admin.drop(spec(node, token));
            tokens.remove(target);
            return new CdcDropReport(target, connection.connector(), dropped.positionName(), dropped.serverSideDropped(),
                    dropped.remediation(), token != null);
        }
    }

    private List<SourceLoadNode> datasets() {
        return dag.nodes().stream().filter(SourceLoadNode.class::isInstance).map(SourceLoadNode.class::cast)
                .filter(CdcRouting::isCdc).sorted(Comparator.comparing(SourceLoadNode::datasetKey)).toList();
    }

    private Source open(Connector connector, ConnectionDef connection) {
        return connector.openSource(ConnectorRegistry.configFor(connection, project.directory())).orElseThrow(
                () -> new PzException(PzCode.CONNECTOR_NOT_INSTALLED, "connector '" + connection.connector()
                        + "' cannot read"));
    }

    private static DatasetSpec spec(SourceLoadNode node, String token) {
        return new DatasetSpec(node.connection(), node.entity(), node.read().options(), node.read().columns(), null,
                new DatasetSpec.ChangeCapture(node.read().sync().slot(), token));
    }
}
