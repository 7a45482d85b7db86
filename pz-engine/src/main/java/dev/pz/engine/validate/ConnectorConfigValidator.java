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
        Set<String> reported = checkOptions(subject, connection.config(), connector.connectionOptions(),
                location(connection));
        ConnectorConfig config = ConnectorRegistry.configFor(connection, project.directory());
        for (String message : connector.validate(config)) {
            String own = message.startsWith(subject + ": ") ? message.substring(subject.length() + 2) : message;
            if (reported.add(own)) {
                problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": " + own, location(connection),
                        "correct it in connections.yml, then run pz validate again");
            }
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

    /** Reports each problem as {@code <subject>: <problem>}; returns the problems' texts without the subject. */
    private Set<String> checkOptions(String subject, Map<String, Object> values, OptionSchema schema,
            SourceLocation at) {
        Set<String> reported = new HashSet<>();
        for (Map.Entry<String, Object> entry : values.entrySet()) {
            OptionSchema.Option option = schema.options().get(entry.getKey());
            if (option == null) {
                String accepted = String.join(", ", schema.options().keySet());
                String hint = NearMiss.suggest(entry.getKey(), schema.options().keySet())
                        .map(s -> "did you mean '" + s + "'? accepted options: " + accepted)
                        .orElse("remove or rename it -- accepted options: " + (accepted.isEmpty() ? "none" : accepted));
                report(reported, subject, "unknown option '" + entry.getKey() + "'", at, hint);
            } else if (!OptionShapes.fits(option.type(), entry.getValue())) {
                String shape = OptionShapes.describe(option.type());
                report(reported, subject, "option '" + entry.getKey() + "' must be " + shape, at,
                        "write " + entry.getKey() + ": as " + shape);
                reported.add("'" + entry.getKey() + "' must be " + shape);
            }
        }
        schema.options().forEach((name, option) -> {
            if (option.required() && !values.containsKey(name)) {
                report(reported, subject, "'" + name + "' is required", at, "add " + name + ": to the connection");
            }
        });
        return reported;
    }

    private void report(Set<String> reported, String subject, String problem, SourceLocation at, String hint) {
        reported.add(problem);
        problems.error(PzCode.CONNECTOR_CONFIG_INVALID, subject + ": " + problem, at, hint);
    }

    private static SourceLocation location(ConnectionDef connection) {
        return connection.location() != null ? connection.location() : SourceLocation.file("connections.yml");
    }
}
