package dev.pz.engine.validate;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OptionSchema;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorRegistry;
import dev.pz.engine.load.NearMiss;
import dev.pz.engine.model.ConnectionDef;
import dev.pz.engine.model.EntityDef;
import dev.pz.engine.model.Problems;
import dev.pz.engine.model.Project;
import dev.pz.engine.model.SourceLocation;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Validation tier 3: every connection names an installed connector, and every connection, read
 * and write option is one its connector accepts, of the right shape (PZ0305, PZ0301).
 */
public final class ConnectorConfigValidator {
    private final ConnectorRegistry registry;
    private final Problems problems = new Problems();

    private ConnectorConfigValidator(ConnectorRegistry registry) {
        this.registry = registry;
    }

    /** Validates; throws {@link dev.pz.connectors.api.error.PzValidationException} with every problem. */
    public static int validate(Project project, CompiledDag dag, ConnectorRegistry registry) {
        return validate(project, dag, registry, true);
    }

    /**
     * The same checks for the connections whose connector is installed, as {@code pz plan} and
     * {@code pz run} make them before touching anything: a connection's options that cannot work are
     * refused up front (PZ0301) instead of failing a node. An uninstalled connector is left to
     * {@code pz validate} and to the node that needs it.
     */
    public static int validateInstalled(Project project, CompiledDag dag, ConnectorRegistry registry) {
        return validate(project, dag, registry, false);
    }

    private static int validate(Project project, CompiledDag dag, ConnectorRegistry registry, boolean reportUnknown) {
        ConnectorConfigValidator validator = new ConnectorConfigValidator(registry);
        int checked = 0;
        for (ConnectionDef connection : project.connections().values()) {
            Optional<Connector> connector = registry.find(connection.connector());
            if (connector.isEmpty()) {
                if (reportUnknown) {
                    validator.unknownConnector(connection);
                }
                continue;
            }
            checked++;
            validator.checkConnection(connection, connector.get(), project);
        }
        validator.checkDatasetsAndOutputs(project, dag);
        validator.problems.throwIfErrors();
        return checked;
    }

    private void unknownConnector(ConnectionDef connection) {
        List<String> known = registry.all().stream().map(Connector::name).toList();
        problems.error(PzCode.CONNECTOR_NOT_INSTALLED, "connection '" + connection.name() + "' uses connector '"
                + connection.connector() + "', which is not installed", location(connection),
                "known connectors: " + String.join(", ", known));
    }

    private void checkConnection(ConnectionDef connection, Connector connector, Project project) {
        String subject = "connection '" + connection.name() + "'";
        checkOptions(subject, connection.config(), connector.connectionOptions(), location(connection));
        ConnectorConfig config = ConnectorRegistry.configFor(connection, project.directory());
        for (String message : connector.validate(config)) {
            problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": " + message, location(connection), null);
        }
        for (EntityDef entity : connection.entities().values()) {
            String entitySubject = subject + " entity '" + entity.name() + "'";
            if (entity.read() != null) {
                checkOptions(entitySubject + " read", entity.read().options(), connector.readOptions(),
                        entity.read().location());
            }
            if (entity.write() != null) {
                checkOptions(entitySubject + " write", entity.write().options(), connector.writeOptions(),
                        entity.write().location());
            }
        }
    }

    /** Datasets and outputs declared at call sites are checked here; YAML ones with their connection. */
    private void checkDatasetsAndOutputs(Project project, CompiledDag dag) {
        Set<String> seen = new HashSet<>();
        for (Node node : dag.nodes()) {
            if (node instanceof SourceLoadNode source && source.declaredAtCallSite() && seen.add(node.name())) {
                connectorOf(project, source.connection()).ifPresent(connector -> checkOptions("source('"
                        + source.connection() + "', '" + source.entity() + "')", source.read().options(),
                        connector.readOptions(), source.read().location()));
            } else if (node instanceof SinkWriteNode sink && sink.declaredAtCallSite() && seen.add(node.name())) {
                connectorOf(project, sink.connection()).ifPresent(connector -> checkOptions("sink('"
                        + sink.connection() + "', '" + sink.entity() + "')", sink.write().options(),
                        connector.writeOptions(), sink.write().location()));
            }
        }
    }

    private Optional<Connector> connectorOf(Project project, String connection) {
        ConnectionDef def = project.connections().get(connection);
        return def == null ? Optional.empty() : registry.find(def.connector());
    }

    private void checkOptions(String subject, Map<String, Object> values, OptionSchema schema, SourceLocation at) {
        for (Map.Entry<String, Object> entry : values.entrySet()) {
            OptionSchema.Option option = schema.options().get(entry.getKey());
            if (option == null) {
                String accepted = String.join(", ", schema.options().keySet());
                String hint = NearMiss.suggest(entry.getKey(), schema.options().keySet())
                        .map(s -> "did you mean '" + s + "'? accepted options: " + accepted)
                        .orElse("remove or rename it -- accepted options: " + (accepted.isEmpty() ? "none" : accepted));
                problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": unknown option '" + entry.getKey() + "'",
                        at, hint);
            } else if (!OptionShapes.fits(option.type(), entry.getValue())) {
                problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": option '" + entry.getKey() + "' must be "
                        + OptionShapes.describe(option.type()), at, null);
            }
        }
        schema.options().forEach((name, option) -> {
            if (option.required() && !values.containsKey(name)) {
                problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": '" + name + "' is required", at,
                        "add " + name + ": to the connection");
            }
        });
    }

    private static SourceLocation location(ConnectionDef connection) {
        return connection.location() != null ? connection.location() : SourceLocation.file("connections.yml");
    }
}
