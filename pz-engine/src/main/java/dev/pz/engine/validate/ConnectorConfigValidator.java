package dev.pz.engine.validate;

import dev.pz.connectors.api.Connector;
import dev.pz.connectors.api.ConnectorConfig;
import dev.pz.connectors.api.OptionSchema;
import dev.pz.connectors.api.error.PzCode;
import dev.pz.engine.compile.CompiledDag;
import dev.pz.engine.compile.Node;
import dev.pz.engine.compile.SinkWriteNode;
import dev.pz.engine.compile.SourceLoadNode;
import dev.pz.engine.connect.ConnectorMessages;
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
import java.util.function.Function;

/**
 * Validation tier 3: every connection names an installed connector, and every connection, read
 * and write option is one its connector accepts, of the right shape (PZ0305, PZ0301).
 */
final class ConnectorConfigValidator {
    private final ConnectorRegistry registry;
    private final Problems problems = new Problems();

    private ConnectorConfigValidator(ConnectorRegistry registry) {
        this.registry = registry;
    }

    /** Validates; throws {@link dev.pz.connectors.api.error.PzValidationException} with every problem. */
    public static int validate(Project project, CompiledDag dag, ConnectorRegistry registry) {
        ConnectorConfigValidator validator = new ConnectorConfigValidator(registry);
        int checked = 0;
        for (ConnectionDef connection : project.connections().values()) {
            Optional<Connector> connector = registry.find(connection.connector());
            if (connector.isEmpty()) {
                validator.unknownConnector(connection);
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
        boolean wellShaped = checkOptions(subject, connection.config(), connector.connectionOptions(),
                connection::locationOf, location(connection));
        if (wellShaped) {
            // The connector's cross-field rules read typed values: with a value of the wrong shape they
            // would only repeat the shape error above.
            ConnectorConfig config = ConnectorRegistry.configFor(connection, project.directory());
            for (String message : connector.validate(config)) {
                problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": "
                        + ConnectorMessages.withoutCodeOrSubject(subject, message), ConnectorMessages.locate(message,
                                connection.config(), connection::locationOf, location(connection)), null);
            }
        }
        for (EntityDef entity : connection.entities().values()) {
            String entitySubject = subject + " entity '" + entity.name() + "'";
            if (entity.read() != null) {
                checkOptions(entitySubject + " read", entity.read().options(), connector.readOptions(),
                        entity.read()::locationOf, entity.read().location());
            }
            if (entity.write() != null) {
                checkOptions(entitySubject + " write", entity.write().options(), connector.writeOptions(),
                        entity.write()::locationOf, entity.write().location());
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
                        connector.readOptions(), source.read()::locationOf, source.read().location()));
            } else if (node instanceof SinkWriteNode sink && sink.declaredAtCallSite() && seen.add(node.name())) {
                connectorOf(project, sink.connection()).ifPresent(connector -> checkOptions("sink('"
                        + sink.connection() + "', '" + sink.entity() + "')", sink.write().options(),
                        connector.writeOptions(), sink.write()::locationOf, sink.write().location()));
            }
        }
    }

    private Optional<Connector> connectorOf(Project project, String connection) {
        ConnectionDef def = project.connections().get(connection);
        return def == null ? Optional.empty() : registry.find(def.connector());
    }

    /** Checks every option against the schema; whether all were known and of the right shape. */
    private boolean checkOptions(String subject, Map<String, Object> values, OptionSchema schema,
            Function<String, SourceLocation> locationOf, SourceLocation at) {
        int before = problems.errors().size();
        for (Map.Entry<String, Object> entry : values.entrySet()) {
            OptionSchema.Option option = schema.options().get(entry.getKey());
            if (option == null) {
                String accepted = String.join(", ", schema.options().keySet());
                String hint = NearMiss.suggest(entry.getKey(), schema.options().keySet())
                        .map(s -> "did you mean '" + s + "'? accepted options: " + accepted)
                        .orElse("remove or rename it -- accepted options: " + (accepted.isEmpty() ? "none" : accepted));
                problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": unknown option '" + entry.getKey() + "'",
                        locationOf.apply(entry.getKey()), hint);
            } else if (!OptionShapes.fits(option.type(), entry.getValue())) {
                problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": option '" + entry.getKey() + "' must be "
                        + OptionShapes.describe(option.type()), locationOf.apply(entry.getKey()), null);
            }
        }
        schema.options().forEach((name, option) -> {
            if (option.required() && !values.containsKey(name)) {
                problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": '" + name + "' is required", at,
                        "add " + name + ": to the connection");
            }
        });
        return problems.errors().size() == before;
    }

    private static SourceLocation location(ConnectionDef connection) {
        return connection.location() != null ? connection.location() : SourceLocation.file("connections.yml");
    }
}
